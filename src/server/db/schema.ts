import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/** SPEC §3 users; `github_id` identifies the person (a renamed login is the same user). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    githubId: bigint('github_id', { mode: 'number' }).notNull().unique(),
    username: text('username').notNull().unique(),
    name: text('name'),
    email: text('email'),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    points: integer('points').notNull().default(0),
    submission: integer('submission').notNull().default(0),
    githubUrl: text('github_url'),
    linkedinUrl: text('linkedin_url'),
    ...timestamps,
  },
  (t) => [
    // Leaderboard: points desc, then completed count, then username (DESIGN.md). NULLS FIRST is what a
    // plain ORDER BY ... DESC means; an index built NULLS LAST could not serve that ORDER BY.
    index('users_leaderboard_idx').on(
      t.points.desc().nullsFirst(),
      t.submission.desc().nullsFirst(),
      t.username,
    ),
  ],
)

/** SPEC §3 challenges, plus the slug, the zip's contents and the source hash the importer compares. */
export const challenges = pgTable(
  'challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull().unique(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    difficulty: text('difficulty').notNull(),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    templateImg: text('template_img').notNull(),
    tabletImg: text('tablet_img').notNull(),
    mobileImg: text('mobile_img').notNull(),
    templateThumb: text('template_thumb').notNull(),
    tabletThumb: text('tablet_thumb').notNull(),
    mobileThumb: text('mobile_thumb').notNull(),
    zipFile: text('zip_file').notNull(),
    zipSize: integer('zip_size').notNull(),
    zipEntries: jsonb('zip_entries').$type<string[]>().notNull(),
    figmaUrl: text('figma_url'),
    contentHash: text('content_hash').notNull(),
    ...timestamps,
  },
  (t) => [
    check(
      'challenges_category_check',
      sql`${t.category} in ('navbar', 'footer', 'landing-page', 'hero', 'features')`,
    ),
    check('challenges_difficulty_check', sql`${t.difficulty} in ('easy', 'intermediate', 'hard')`),
    // Newest first, overall and per category.
    index('challenges_newest_idx').on(t.publishedOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('challenges_category_newest_idx').on(
      t.category,
      t.publishedOn.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
)

/** SPEC §3 user_challenges: one row per (user, challenge). */
export const userChallenges = pgTable(
  'user_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    challengeLive: text('challenge_live').notNull().default(' '),
    points: integer('points').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('user_challenges_user_challenge_key').on(t.userId, t.challengeId),
    check('user_challenges_status_check', sql`${t.status} in ('ongoing', 'completed')`),
    check('user_challenges_points_check', sql`${t.points} >= 0`),
    // Dashboard counts and the ongoing/completed lists filter by user and status.
    index('user_challenges_user_status_idx').on(t.userId, t.status),
    index('user_challenges_challenge_idx').on(t.challengeId),
  ],
)

/**
 * One row per sign-in. The cookie holds a random token; the row keeps only its SHA-256, so a leaked
 * database does not leak sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Rolling: pushed forward while the session is used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute: the session ends then, however active. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/**
 * A sign-in in progress: the OAuth `state` (hashed), the PKCE verifier and a key bound to the browser
 * that started it (its hash; the key itself is in a short-lived cookie). Used once, within 10 minutes.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    browserKeyHash: text('browser_key_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
)
