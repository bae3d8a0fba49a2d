import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { notFound } from '#server/http/errors.ts'
import type { PublicProfile } from '#shared/user.ts'

/** Public member data: what SPEC §7 lets anyone read (no e-mail). */
export function userRoutes(db: Database) {
  return new Hono().get('/:username', async (c) => {
    const username = c.req.param('username')
    const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1)
    if (!user) throw notFound('User not found. Please check the username.')
    const profile: PublicProfile = {
      id: user.id,
      username: user.username,
      name: user.name,
      avatarUrl: user.avatarUrl,
      bio: user.bio,
      points: user.points,
      submission: user.submission,
      githubUrl: user.githubUrl,
      linkedinUrl: user.linkedinUrl,
    }
    c.header('Cache-Control', 'no-cache')
    return c.json({ profile })
  })
}
