import { and, eq, ne, sql } from 'drizzle-orm'
import { type GitHubProfile, SignInError } from '#server/auth/github.ts'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { sanitizePlainText } from '#server/http/sanitize.ts'
import { profileNameSchema } from '#shared/profile.ts'
import { isBlankText } from '#shared/visible-text.ts'

/**
 * The display name GitHub gave, as a name typed in the settings would be stored (docs/product.md §5):
 * markup stripped, white space collapsed, then the name's rule. A name the rule refuses (too long,
 * control or invisible characters, digits, what is left of markup), or one that shows nothing, is no
 * name: the login is shown.
 */
export function nameFromGitHub(name: string | null): string | null {
  if (typeof name !== 'string') return null
  const parsed = profileNameSchema.safeParse(sanitizePlainText(name))
  return parsed.success && !isBlankText(parsed.data) ? parsed.data : null
}

/**
 * docs/product.md §4 upsert after sign-in: the person is GitHub's numeric id. A renamed login updates
 * `username`; an existing name, points and submission count are kept; a new user starts at 0. If another
 * (older) account still holds this login, GitHub gave the login to someone else: the old row's username is
 * moved aside until its owner signs in again. GitHub's display name is kept only if it passes the
 * settings' rule for names (nameFromGitHub). `created` says whether this sign-in made the account. Without `allowRename` (the GitHub emulator), a sign-in whose id
 * belongs to a member with another login is refused.
 */
export async function upsertGitHubUser(
  db: Database,
  profile: GitHubProfile,
  options: { allowRename: boolean } = { allowRename: true },
) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.githubId, profile.id))
    if (!options.allowRename) {
      if (existing && existing.username.toLowerCase() !== profile.login.toLowerCase()) {
        throw new SignInError(
          `account ${profile.id} belongs to "${existing.username}", not "${profile.login}": renames are not allowed here`,
        )
      }
    }
    await tx
      .update(users)
      .set({ username: sql`${users.username} || '-' || ${users.githubId}` })
      .where(and(eq(users.username, profile.login), ne(users.githubId, profile.id)))
    const [user] = await tx
      .insert(users)
      .values({
        githubId: profile.id,
        username: profile.login,
        name: nameFromGitHub(profile.name),
        email: profile.email,
        avatarUrl: profile.avatarUrl,
        githubUrl: profile.htmlUrl,
      })
      .onConflictDoUpdate({
        target: users.githubId,
        set: {
          username: profile.login,
          email: profile.email,
          avatarUrl: profile.avatarUrl,
          name: sql`coalesce(${users.name}, excluded.name)`,
          updatedAt: sql`now()`,
        },
      })
      .returning()
    if (!user) throw new Error('upsert returned no user')
    // `created` picks the greeting (docs/product.md §4 Session); two first sign-ins racing may both be
    // told they created the account, which costs one word.
    return { ...user, created: !existing }
  })
}
