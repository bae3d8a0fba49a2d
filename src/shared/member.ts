import { z } from 'zod'
import { BADGE_IDS } from '#shared/badges.ts'
import { challengeSchema } from '#shared/challenge.ts'
import { linkStatusSchema, ownershipSchema } from '#shared/ownership.ts'
import { LEADERBOARD_PERIODS } from '#shared/periods.ts'
import { reviewSummarySchema } from '#shared/review.ts'
import { publicProfileSchema } from '#shared/user.ts'

/**
 * Where feedback stands (docs/product.md §2 Dashboard): no solution is published at all, some other
 * member's published solution has no comment yet, or every one the member could comment on has one.
 */
export const FEEDBACK_STATES = ['none-published', 'waiting', 'all-commented'] as const
export type FeedbackState = (typeof FEEDBACK_STATES)[number]

/** GET /api/me/dashboard: the three count boxes, and whether solutions wait for feedback. */
export const dashboardResponse = z.object({
  ongoing: z.number().int(),
  completed: z.number().int(),
  total: z.number().int(),
  feedback: z.enum(FEEDBACK_STATES),
})
export type Dashboard = z.infer<typeof dashboardResponse>

/** A challenge with the member's progress on it. */
export const memberChallengeSchema = z.object({
  challenge: challengeSchema,
  status: z.enum(['ongoing', 'completed']),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  /** The address visitors see once a review passed (docs/product.md §11); before that, the last submitted. */
  liveUrl: z.string().nullable(),
  /** Null while there is no live URL. */
  ownership: ownershipSchema.nullable(),
  linkStatus: linkStatusSchema,
  /** The solution's public id: its page, `/solutions/:id`, which its member can always open (§11). */
  solutionId: z.string(),
  /**
   * The solution's newest review, whatever its state (queued, running, passed with its score, failed with
   * its reason); null before the first submit. Its member's own view: visitors never see one that has
   * not passed (§10).
   */
  review: reviewSummarySchema.nullable(),
})
export const memberChallengesResponse = z.object({ challenges: z.array(memberChallengeSchema) })
export type MemberChallengesResponse = z.infer<typeof memberChallengesResponse>

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  points: z.number().int(),
  submission: z.number().int(),
  /**
   * The member's latest listed solution (docs/product.md §11: passed, not hidden), by when its latest
   * passed review was asked for; null when none is listed.
   */
  solutionId: z.string().nullable(),
})
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>

/**
 * GET /api/leaderboard?period=week|month ranks the points of this week or month, `all` (the default) all
 * time (docs/product.md §2, Leaderboard). Every point counted comes from a passed review, so all counted
 * work is verified: there is no separate "verified work" board.
 */
export const leaderboardQuerySchema = z.object({
  /** This ISO week, this calendar month (both in UTC), or all time. */
  period: z.enum(LEADERBOARD_PERIODS, 'must be week, month or all').default('all'),
})

/** GET /api/leaderboard: the top card and the top-10 table in one answer; only points above 0. */
export const leaderboardResponse = z.object({
  top: leaderboardEntrySchema.nullable(),
  entries: z.array(leaderboardEntrySchema),
})
export type Leaderboard = z.infer<typeof leaderboardResponse>

/** GET /api/users/:username: the profile and its completed challenges, in one request. */
export const earnedBadgeSchema = z.object({
  id: z.enum(BADGE_IDS),
  /** `lasting`, or `competition:<slug>` for a competition's badges. */
  reason: z.string(),
  awardedAt: z.string(),
})

export const profilePageResponse = z.object({
  profile: publicProfileSchema,
  /** The member's badges, earliest first. */
  badges: z.array(earnedBadgeSchema),
  submissions: z.array(
    z.object({
      challenge: challengeSchema,
      liveUrl: z.string().nullable(),
      completedAt: z.string().nullable(),
      ownership: ownershipSchema.nullable(),
      linkStatus: linkStatusSchema,
      /** The submission's newest review, linking to its report; null when it has none. */
      review: reviewSummarySchema.nullable().optional(),
      /** The solution's page (docs/product.md §11) while it is listed; null once its member hid it. */
      solutionId: z.string().nullable(),
    }),
  ),
})
export type ProfilePage = z.infer<typeof profilePageResponse>
