import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/** docs/product.md §3 users; `github_id` identifies the person (a renamed login is the same user). */
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
    /**
     * The member's verification token (docs/product.md §10): a page whose <head> carries it in the
     * verification tag is the member's own site, on any host. Random, rotatable.
     */
    verificationToken: text('verification_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * Set while an admin has suspended the member from commenting (docs/product.md §12): they may still
     * read, like and report. moderation_actions records who did it and when.
     */
    commentingSuspendedAt: timestamp('commenting_suspended_at', { withTimezone: true }),
    /**
     * Activity and streaks (docs/product.md §14): the zone days are counted in (null:
     * the browser's, docs/decisions/024-activity-and-streaks.md), the weekly goal (1 to 7 challenges,
     * null for none), and whether the activity is hidden from the public profile.
     */
    timeZone: text('time_zone'),
    weeklyGoal: integer('weekly_goal'),
    activityHidden: boolean('activity_hidden').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // Leaderboard: points desc, then completed count, then username (docs/product.md §2). NULLS FIRST is what
    // a plain ORDER BY ... DESC means; an index built NULLS LAST could not serve that ORDER BY.
    index('users_leaderboard_idx').on(
      t.points.desc().nullsFirst(),
      t.submission.desc().nullsFirst(),
      t.username,
    ),
    check('users_weekly_goal_check', sql`${t.weeklyGoal} is null or ${t.weeklyGoal} between 1 and 7`),
    check('users_time_zone_check', sql`char_length(${t.timeZone}) <= 64`),
  ],
)

/** docs/product.md §3 challenges, plus the slug, the zip's contents and the importer's source hash. */
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
    /**
     * Every design image with its size (docs/product.md §2): the three views (`name` is the view) and
     * the state images, in states.json's order. Empty for a row imported before it was kept. `pngKey`
     * is the design's own PNG, as the zip has it, which the viewer's Download gives (absent on a row
     * imported before it was kept: the next import writes it). `previewKey` is a view's preview, for
     * the views that have one (content/build.ts `PREVIEWED_VIEWS`; the next import writes it too).
     */
    designImages: jsonb('design_images')
      .$type<
        {
          name: string
          view: 'desktop' | 'tablet' | 'mobile'
          key: string
          pngKey?: string
          previewKey?: string
          width: number
          height: number
        }[]
      >()
      .notNull()
      .default([]),
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

/** docs/product.md §3 user_challenges: one row per (user, challenge). */
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
    /** The live URL last submitted (' ' before the first submit), and the repository named with it. */
    challengeLive: text('challenge_live').notNull().default(' '),
    repositoryUrl: text('repository_url'),
    points: integer('points').notNull().default(0),
    /**
     * Whether the site of the passed review that completed the challenge was the member's own
     * (docs/product.md §10): 'verified' once completed. `ownership_github_id` is the GitHub account it was
     * verified for, so a renamed login keeps its badge.
     */
    ownership: text('ownership'),
    ownershipGithubId: bigint('ownership_github_id', { mode: 'number' }),
    /** Dead-link re-checks (docs/product.md §4): 'offline' after two failures at least 24 hours apart. */
    linkStatus: text('link_status').notNull().default('live'),
    linkCheckedAt: timestamp('link_checked_at', { withTimezone: true }),
    /** Failures in a row, and when the first of them happened; both reset by a success. */
    linkFailures: integer('link_failures').notNull().default(0),
    linkFirstFailureAt: timestamp('link_first_failure_at', { withTimezone: true }),
    linkLastError: text('link_last_error'),
    /**
     * The solution (docs/product.md "Solutions"): this row with its iterations (its reviews). `public_id`
     * names it in `/solutions/:id`, unguessable like a review's; the write-up is the member's Markdown;
     * a hidden solution leaves the galleries and is its owner's only, its points stay.
     */
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    writeUp: text('write_up'),
    hidden: boolean('hidden').notNull().default(false),
    /**
     * The latest passed review (docs/product.md §11): the newest by created_at, then id, with its
     * created_at and its score times ten (the mean of its breakpoint scores, rounded). The galleries sort
     * on these; `settleListing` (#server/solutions/listing.ts) sets them in the transaction that ends a
     * review. Null while nothing has passed.
     */
    passedReviewId: integer('passed_review_id').references((): AnyPgColumn => submissionReviews.id, {
      onDelete: 'set null',
    }),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    passedScore10: integer('passed_score10'),
    /**
     * Feedback (docs/product.md §12): the likes (rows of solution_likes) and the comments anyone can see
     * (not deleted, not hidden), kept with the row in the transaction that changes them, so that cards and
     * the "most liked" and "needs feedback" lists read no other table.
     */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /**
     * An admin hid the solution (docs/product.md §12): `hidden` is then true as well, and its author
     * cannot show it again; restoring clears both.
     */
    moderatorHiddenAt: timestamp('moderator_hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The galleries (docs/product.md §11), one index per order, holding the listed solutions only:
    // a page is a range of one of them.
    index('user_challenges_gallery_newest_idx')
      .on(t.passedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.passedReviewId} is not null and not ${t.hidden}`),
    index('user_challenges_gallery_score_idx')
      .on(t.passedScore10.desc().nullsFirst(), t.passedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.passedReviewId} is not null and not ${t.hidden}`),
    index('user_challenges_challenge_gallery_newest_idx')
      .on(t.challengeId, t.passedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.passedReviewId} is not null and not ${t.hidden}`),
    index('user_challenges_challenge_gallery_score_idx')
      .on(
        t.challengeId,
        t.passedScore10.desc().nullsFirst(),
        t.passedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.passedReviewId} is not null and not ${t.hidden}`),
    // "Most liked" (docs/product.md §12), site-wide and per challenge.
    index('user_challenges_gallery_likes_idx')
      .on(t.likeCount.desc().nullsFirst(), t.passedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.passedReviewId} is not null and not ${t.hidden}`),
    index('user_challenges_challenge_gallery_likes_idx')
      .on(
        t.challengeId,
        t.likeCount.desc().nullsFirst(),
        t.passedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.passedReviewId} is not null and not ${t.hidden}`),
    // "Needs feedback" (docs/product.md §12): listed solutions without a comment, oldest pass first.
    index('user_challenges_needs_feedback_idx')
      .on(t.passedAt, t.id)
      .where(sql`${t.passedReviewId} is not null and not ${t.hidden} and ${t.commentCount} = 0`),
    check('user_challenges_like_count_check', sql`${t.likeCount} >= 0`),
    check('user_challenges_comment_count_check', sql`${t.commentCount} >= 0`),
    check('user_challenges_write_up_check', sql`char_length(${t.writeUp}) <= 5000`),
    check(
      'user_challenges_ownership_check',
      sql`${t.ownership} is null or ${t.ownership} in ('verified', 'mismatch', 'unverified')`,
    ),
    check('user_challenges_link_status_check', sql`${t.linkStatus} in ('live', 'offline')`),
    check('user_challenges_link_failures_check', sql`${t.linkFailures} >= 0`),
    // The weekly re-check scheduler looks for completed submissions not checked since a given instant.
    index('user_challenges_link_check_idx')
      .on(t.linkCheckedAt.asc().nullsFirst())
      .where(sql`${t.status} = 'completed'`),
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
    /** Where the sign-in comes back to: a path on this site (docs/product.md §12), else the dashboard. */
    returnTo: text('return_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
)

/**
 * Rate-limit counters that every instance on this database shares (http/rate-limit-store.ts): one row
 * per key (`mutation:<member>`, `sign-in:<address>`), counting the hits since `window_start` until
 * `resets_at`. Limits have windows of different lengths, so each row says when it ends; housekeeping
 * removes rows whose window is over.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_resets_idx').on(t.resetsAt)],
)

/**
 * The background job queue, for every kind of job (reviews, link re-checks): claimed with
 * `FOR UPDATE SKIP LOCKED`, so several workers, in one process or many, never run a job twice. A claim is a lease (`locked_until`): a job whose worker
 * died is claimed again once the lease runs out. See src/server/jobs/queue.ts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** At most one unfinished job per key: asking twice for the same review queues it once. */
    dedupeKey: text('dedupe_key'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    // `cancelled`: what the job worked on was deleted meanwhile (queue.ts, JobCancelled).
    check(
      'jobs_status_check',
      sql`${t.status} in ('queued', 'running', 'done', 'failed', 'dead', 'cancelled')`,
    ),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    // Finished jobs keep their key, so a new job with the same key may be queued after them.
    uniqueIndex('jobs_dedupe_key_idx').on(t.dedupeKey).where(sql`${t.status} in ('queued', 'running')`),
    // The claim looks for due queued jobs and expired running ones, oldest run_at first.
    index('jobs_claim_idx').on(t.status, t.runAt),
  ],
)

/**
 * Every award of points is a row (docs/product.md §3, §4), unique on (member, reason, reference), so an award
 * can never be counted twice; `users.points` is the cached sum that the screens read, and the period
 * leaderboards (this week, this month) are sums over `created_at` ranges.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** What the award is for, within its reason (the challenge id for `challenge_completed`). */
    reference: text('reference').notNull(),
    points: integer('points').notNull(),
    /** The submission an award is for, if any: the verified-work leaderboards follow it. */
    userChallengeId: integer('user_challenge_id').references(() => userChallenges.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('points_ledger_award_key').on(t.userId, t.reason, t.reference),
    check(
      'points_ledger_reason_check',
      sql`${t.reason} in ('challenge_completed', 'challenge_withdrawn', 'challenge_recompleted')`,
    ),
    // A withdrawal takes points back; every other entry gives them.
    check(
      'points_ledger_points_check',
      sql`(${t.reason} = 'challenge_withdrawn' and ${t.points} < 0) or (${t.reason} <> 'challenge_withdrawn' and ${t.points} > 0)`,
    ),
    // A period's leaderboard sums the rows since its start: a range of this index, read alone (it
    // holds every column the sums use).
    index('points_ledger_period_idx').on(t.createdAt, t.userId, t.points, t.reason, t.userChallengeId),
  ],
)

/**
 * Weekly competitions (docs/product.md §4), imported from content/competitions/<slug>.json like the
 * challenges. Their windows never overlap (the importer refuses it). `closed_at` is set once, by the close
 * job that freezes the results into competition_results.
 */
export const competitions = pgTable(
  'competitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    contentHash: text('content_hash').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('competitions_window_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('competitions_ends_at_idx').on(t.endsAt),
  ],
)

/** A closed competition's ranking, frozen: rank 1 first; one row per ranked member. */
export const competitionResults = pgTable(
  'competition_results',
  {
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    score: real('score').notNull(),
    /** When the review that reached the score was asked for: the earlier of two equal scores ranks higher. */
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    reviewId: integer('review_id').references(() => submissionReviews.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.competitionId, t.userId] }),
    unique('competition_results_rank_key').on(t.competitionId, t.rank),
  ],
)

/**
 * The badges members hold (src/shared/badges.ts defines them). Unique on member, badge and
 * reason: a competition's badges once per competition (`competition:<slug>`), the lasting ones once
 * (`lasting`), however often the award runs.
 */
export const userBadges = pgTable(
  'user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badge: text('badge').notNull(),
    reason: text('reason').notNull(),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge, t.reason] })],
)

/**
 * One iteration of a member's solution (docs/product.md §10): the live URL (and repository) they submitted
 * and its review against the challenge's design. `public_id` is how the API and the pages name it: the
 * integer id would let anyone walk through everyone's reviews.
 */
export const submissionReviews = pgTable(
  'submission_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    userChallengeId: integer('user_challenge_id')
      .notNull()
      .references(() => userChallenges.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    /** What a running review is doing (REVIEW_STAGES); null while queued and once ended. */
    stage: text('stage'),
    /** 'submit' (a member's submit or "Review again"), or 'upgrade': the one re-review of work completed before reviews decided the points. */
    purpose: text('purpose').notNull().default('submit'),
    requestedUrl: text('requested_url').notNull(),
    repositoryUrl: text('repository_url'),
    /** POINTS_PER_CHALLENGE on the passed review that completed the challenge, else 0. */
    pointsAwarded: integer('points_awarded').notNull().default(0),
    /** Where the capture ended up after redirects. */
    finalUrl: text('final_url'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Browser and scoring engine versions, so scores from different engines are not compared blindly. */
    versions: jsonb('versions').$type<Record<string, string>>(),
    timings: jsonb('timings').$type<Record<string, number>>(),
    /** The quality report (docs/product.md §10); see ReviewQuality in #shared/review.ts. */
    quality: jsonb('quality').$type<unknown>(),
    /** Whether the site the capture ended on was the member's own, and the GitHub account judged for. */
    ownership: text('ownership'),
    ownershipGithubId: bigint('ownership_github_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('submission_reviews_status_check', sql`${t.status} in ('queued', 'running', 'passed', 'failed')`),
    check('submission_reviews_purpose_check', sql`${t.purpose} in ('submit', 'upgrade')`),
    check(
      'submission_reviews_ownership_check',
      sql`${t.ownership} is null or ${t.ownership} in ('verified', 'mismatch', 'unverified')`,
    ),
    // A submission's reviews, newest first.
    index('submission_reviews_user_challenge_idx').on(t.userChallengeId, t.createdAt.desc().nullsFirst()),
  ],
)

/** A review's result at one breakpoint; the images themselves are files in storage. */
export const reviewBreakpoints = pgTable(
  'review_breakpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => submissionReviews.id, { onDelete: 'cascade' }),
    breakpoint: text('breakpoint').notNull(),
    width: integer('width').notNull(),
    captureKey: text('capture_key').notNull(),
    diffKey: text('diff_key').notNull(),
    /** The capture's first screen, small, as WebP (review/preview.ts); null for a review stored before. */
    previewKey: text('preview_key'),
    designHeight: integer('design_height').notNull(),
    captureHeight: integer('capture_height').notNull(),
    comparedHeight: integer('compared_height').notNull(),
    heightRatio: real('height_ratio').notNull(),
    rawMismatch: integer('raw_mismatch').notNull(),
    /** The mismatch of a blank page against the design: the score is measured against it. */
    baselineMismatch: integer('baseline_mismatch').notNull(),
    score: real('score').notNull(),
    failedFonts: jsonb('failed_fonts').$type<string[]>().notNull().default([]),
    /**
     * The element review (docs/product.md §10, docs/decisions/021-element-review.md) as
     * `{ version: 1, agreement, findings }` (`storedReviewElementsSchema` in src/shared/review.ts); null
     * for a review stored before findings, or when the design or the page had no elements.
     */
    elements: jsonb('elements').$type<unknown>(),
  },
  (t) => [
    unique('review_breakpoints_review_breakpoint_key').on(t.reviewId, t.breakpoint),
    check('review_breakpoints_breakpoint_check', sql`${t.breakpoint} in ('desktop', 'tablet', 'mobile')`),
    check('review_breakpoints_score_check', sql`${t.score} >= 0 and ${t.score} <= 100`),
  ],
)

/**
 * A comment on a solution (docs/product.md §12), or a reply to one (`parent_id`: replies go one level
 * deep, so a parent is never itself a reply). `author_id` is the one place authorship is kept: deleting a
 * member deletes their comments. A deleted comment keeps its row (body emptied) while replies hang under it.
 */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    userChallengeId: integer('user_challenge_id')
      .notNull()
      .references(() => userChallenges.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Markdown, as written; empty once deleted. */
    body: text('body').notNull(),
    /** When the solution's author marked it helpful; null when not (or unmarked). */
    helpfulAt: timestamp('helpful_at', { withTimezone: true }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** An admin hid it: only its author and the admins see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('comments_kind_check', sql`${t.kind} in ('question', 'code_review', 'praise')`),
    check('comments_body_check', sql`char_length(${t.body}) <= 3000`),
    index('comments_solution_idx').on(t.userChallengeId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.parentId),
    index('comments_author_idx').on(t.authorId, t.createdAt),
    // A profile's count of comments marked helpful.
    index('comments_author_helpful_idx')
      .on(t.authorId)
      .where(sql`${t.helpfulAt} is not null and ${t.deletedAt} is null`),
    // The few deleted or hidden comments: notifications about them are left out (notifications.ts).
    index('comments_removed_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null or ${t.hiddenAt} is not null`),
  ],
)

/** One like per member per solution (docs/product.md §12); user_challenges.like_count counts them. */
export const solutionLikes = pgTable(
  'solution_likes',
  {
    userChallengeId: integer('user_challenge_id')
      .notNull()
      .references(() => userChallenges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userChallengeId, t.userId] }),
    index('solution_likes_user_idx').on(t.userId),
  ],
)

/**
 * In-app notifications (docs/product.md §12), one per event and recipient: the unique indexes make a
 * second insert for the same event a no-op.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'comment' on your solution, 'reply' to your comment, 'helpful' mark on yours, 'review' finished. */
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    userChallengeId: integer('user_challenge_id')
      .notNull()
      .references(() => userChallenges.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id').references(() => submissionReviews.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_kind_check', sql`${t.kind} in ('comment', 'reply', 'helpful', 'review')`),
    uniqueIndex('notifications_comment_event_idx')
      .on(t.recipientId, t.kind, t.commentId)
      .where(sql`${t.commentId} is not null`),
    uniqueIndex('notifications_review_event_idx')
      .on(t.recipientId, t.reviewId)
      .where(sql`${t.reviewId} is not null`),
    // A member's page, newest first, in the keyset's own order (created_at, then id).
    index('notifications_recipient_idx').on(
      t.recipientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The unread count, read from the index alone: it holds the comment to leave out if it was removed.
    index('notifications_unread_idx').on(t.recipientId, t.commentId).where(sql`${t.readAt} is null`),
  ],
)

/** A member's report of a comment or a solution (docs/product.md §12); admins resolve it. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Exactly one of the two: the comment reported, or the solution. */
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    userChallengeId: integer('user_challenge_id').references(() => userChallenges.id, {
      onDelete: 'cascade',
    }),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status').notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_target_check', sql`(${t.commentId} is null) <> (${t.userChallengeId} is null)`),
    check('reports_reason_check', sql`${t.reason} in ('spam', 'abuse', 'plagiarism', 'other')`),
    check('reports_details_check', sql`char_length(${t.details}) <= 500`),
    check('reports_status_check', sql`${t.status} in ('open', 'actioned', 'dismissed')`),
    // One open report per member and target: reporting again changes nothing.
    uniqueIndex('reports_open_comment_idx')
      .on(t.reporterId, t.commentId)
      .where(sql`${t.status} = 'open' and ${t.commentId} is not null`),
    uniqueIndex('reports_open_solution_idx')
      .on(t.reporterId, t.userChallengeId)
      .where(sql`${t.status} = 'open' and ${t.userChallengeId} is not null`),
    index('reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
)

/**
 * The moderation audit log (docs/product.md §12): every admin action, with who and when. Rows outlive
 * what they name (the references are set null), and keep the admin's login as it was.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminLogin: text('admin_login').notNull(),
    action: text('action').notNull(),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    userChallengeId: integer('user_challenge_id').references(() => userChallenges.id, {
      onDelete: 'set null',
    }),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'moderation_actions_action_check',
      sql`${t.action} in ('hide_comment', 'restore_comment', 'hide_solution', 'restore_solution', 'suspend_member', 'restore_member', 'dismiss_report')`,
    ),
    check('moderation_actions_note_check', sql`char_length(${t.note}) <= 500`),
    index('moderation_actions_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
)

/**
 * Classrooms (docs/product.md §13, docs/decisions/022-classrooms.md): a group with an owner, teachers and
 * students, its assignments and its own privacy. `id` is how the API names it: unguessable, so an
 * outsider's 404 says nothing. `invite_code` (null: no invite link) joins a member as a student until
 * `invite_expires_at`; the owner rotates it. `solutions_public` false keeps its students' solutions of its
 * assignments to the classroom; `leaderboard` shows its students a leaderboard of their own.
 */
export const classrooms = pgTable(
  'classrooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    solutionsPublic: boolean('solutions_public').notNull().default(false),
    leaderboard: boolean('leaderboard').notNull().default(false),
    inviteCode: text('invite_code').unique(),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('classrooms_name_check', sql`char_length(${t.name}) between 1 and 100`),
    check('classrooms_description_check', sql`char_length(${t.description}) <= 1000`),
    index('classrooms_owner_idx').on(t.ownerId),
  ],
)

/**
 * Who is in a classroom, and as what (docs/product.md §13): one owner, teachers, students. `student_id`
 * and `roster_name` come from the roster the student was matched from, if any.
 */
export const classroomMembers = pgTable(
  'classroom_members',
  {
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    studentId: text('student_id'),
    rosterName: text('roster_name'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classroomId, t.userId] }),
    check('classroom_members_role_check', sql`${t.role} in ('owner', 'teacher', 'student')`),
    // A member's classrooms, and the privacy filter's probe (member, then role).
    index('classroom_members_user_idx').on(t.userId, t.role),
  ],
)

/**
 * A roster's logins not yet matched to a member (docs/product.md §13): the sign-in of that GitHub login
 * makes them a student and removes the row. `login` is kept in lower case.
 */
export const classroomRoster = pgTable(
  'classroom_roster',
  {
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    login: text('login').notNull(),
    name: text('name'),
    studentId: text('student_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classroomId, t.login] }), index('classroom_roster_login_idx').on(t.login)],
)

/**
 * An assignment (docs/product.md §13): a challenge, open from `opens_at` and due at `due_at` (UTC), and an
 * optional pass rule: a match score of at least `min_score`, at most `max_a11y_violations` accessibility
 * violations, a Lighthouse accessibility score of at least `min_lighthouse_a11y`.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'restrict' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    minScore: integer('min_score'),
    maxA11yViolations: integer('max_a11y_violations'),
    minLighthouseA11y: integer('min_lighthouse_a11y'),
    /** When the "due in 24 hours" notifications were sent (docs/product.md §13); null until then. */
    dueSoonNotifiedAt: timestamp('due_soon_notified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('assignments_window_check', sql`${t.dueAt} > ${t.opensAt}`),
    check('assignments_min_score_check', sql`${t.minScore} is null or ${t.minScore} between 0 and 100`),
    check(
      'assignments_max_a11y_check',
      sql`${t.maxA11yViolations} is null or ${t.maxA11yViolations} between 0 and 1000`,
    ),
    check(
      'assignments_min_lighthouse_check',
      sql`${t.minLighthouseA11y} is null or ${t.minLighthouseA11y} between 0 and 100`,
    ),
    index('assignments_classroom_due_idx').on(t.classroomId, t.dueAt),
    // The privacy filter: is this challenge an assignment of a classroom (then: which)?
    index('assignments_challenge_idx').on(t.challengeId, t.classroomId),
  ],
)

/** A student's own due time for one assignment (docs/product.md §13): it replaces the assignment's. */
export const assignmentExtensions = pgTable(
  'assignment_extensions',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.userId] })],
)

/**
 * Classroom notifications (docs/product.md §13), one per event and recipient: a new assignment and a due
 * time 24 hours away (to students), a student's late pass (to teachers). Kept apart from `notifications`,
 * whose rows each name a solution.
 */
export const classroomNotifications = pgTable(
  'classroom_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    /** The student of a late pass, and its review. */
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id').references(() => submissionReviews.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'classroom_notifications_kind_check',
      sql`${t.kind} in ('assignment', 'assignment_due', 'late_pass')`,
    ),
    uniqueIndex('classroom_notifications_event_idx').on(
      t.recipientId,
      t.kind,
      t.assignmentId,
      sql`coalesce(${t.reviewId}, 0)`,
    ),
    index('classroom_notifications_recipient_idx').on(t.recipientId, t.createdAt.desc().nullsFirst()),
  ],
)

/**
 * The learning paths a member started (docs/product.md §15). Paths themselves are content
 * (content/paths/), named here by slug; a path's suggestion ("Next in ...") follows the paths started,
 * newest first. A path that leaves the content keeps its rows, which then name nothing.
 */
export const pathStarts = pgTable(
  'path_starts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pathSlug: text('path_slug').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pathSlug] }),
    check('path_starts_slug_check', sql`char_length(${t.pathSlug}) between 1 and 80`),
  ],
)
