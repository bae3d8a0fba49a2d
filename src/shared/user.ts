import { z } from 'zod'
import { CHALLENGE_STATUSES } from '#shared/constants.ts'
import { reviewSummarySchema } from '#shared/review.ts'
import { SIGN_IN_GREETINGS } from '#shared/sign-in-greeting.ts'

/** The signed-in user as GET /api/me returns it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  points: z.number().int(),
  submission: z.number().int(),
  /** Named in ADMIN_GITHUB_LOGINS: may moderate (docs/product.md §12). */
  isAdmin: z.boolean(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>
export const meResponse = z.object({ user: sessionUserSchema })

const challengeStatusSchema = z.enum(CHALLENGE_STATUSES)

/** A member's progress on one challenge; `status` null means never started. */
export const progressSchema = z.object({
  challengeId: z.number().int(),
  status: challengeStatusSchema.nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The last address submitted, and the repository named with it. */
  liveUrl: z.string().nullable(),
  repositoryUrl: z.string().nullable(),
  points: z.number().int(),
  /**
   * What visitors see of this solution (docs/product.md §11): the newest passed iteration's addresses,
   * whatever was submitted since; null while nothing has passed.
   */
  publicIteration: z
    .object({ reviewId: z.string(), liveUrl: z.string(), repositoryUrl: z.string().nullable() })
    .nullable(),
  /** The member (or an admin) hid the solution: visitors see none of it. */
  hidden: z.boolean(),
})
export type Progress = z.infer<typeof progressSchema>
export const progressResponse = z.object({ progress: progressSchema })
export type ProgressResponse = z.infer<typeof progressResponse>

/**
 * A submit records an iteration and queues its review (docs/product.md §4): the points come when the review
 * passes, so the progress is unchanged until then.
 */
export const submitResponse = z.object({
  progress: progressSchema,
  user: sessionUserSchema,
  review: reviewSummarySchema,
})
export type SubmitResponse = z.infer<typeof submitResponse>

/** A member's public profile (docs/product.md §7, GET /api/users/:username). */
export const publicProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  points: z.number().int(),
  /** Challenges completed (a review passed): the profile's `Completed`. */
  submission: z.number().int(),
  /** Challenges the member submitted a live site for, whatever their reviews said: `Submitted`. */
  submitted: z.number().int(),
  githubUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  /** Their comments marked helpful by solutions' authors, not deleted or hidden (docs/product.md §12). */
  helpfulComments: z.number().int(),
})
export type PublicProfile = z.infer<typeof publicProfileSchema>

/**
 * GET /api/session: who is signed in, `user: null` for a visitor (a normal answer, not a 401). The first
 * check after a sign-in also says how to greet the member (docs/product.md §4 Session).
 */
export const sessionResponse = z.object({
  user: sessionUserSchema.nullable(),
  greeting: z.enum(SIGN_IN_GREETINGS).optional(),
})
export type SessionResponse = z.infer<typeof sessionResponse>
