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

/** The four fields of the settings' profile (docs/product.md §5), as checked: an empty one is cleared. */
export type ProfileFields = { name: string; bio: string; linkedinUrl: string; githubUrl: string }

/** Stores the member's profile: only these four columns, whatever else the body held. Null for no such member. */
export async function updateProfile(db: Database, userId: string, update: ProfileFields) {
  const orNull = (value: string) => (value === '' ? null : value)
  const [user] = await db
    .update(users)
    .set({
      name: orNull(update.name),
      bio: orNull(update.bio),
      linkedinUrl: orNull(update.linkedinUrl),
      githubUrl: orNull(update.githubUrl),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning()
  return user ?? null
}

/** The member's verification token (docs/product.md §10), read fresh; null for no such member. */
export async function readVerificationToken(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ token: users.verificationToken }).from(users).where(eq(users.id, userId))
  return row?.token ?? null
}

/** A new verification token: the old tag stops counting for reviews from now on. Null for no such member. */
export async function rotateVerificationToken(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    // gen_random_uuid() is the database's: the builder has no expression for it.
    .set({ verificationToken: sql`replace(gen_random_uuid()::text, '-', '')`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ token: users.verificationToken })
  return row?.token ?? null
}
