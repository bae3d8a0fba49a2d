import { z } from 'zod'

/**
 * Submission reviews (issue 10): the platform opens a member's live site, captures it at three
 * widths and scores each capture against the challenge's design. These are the API's shapes, shared
 * by the server and the app.
 */

export const REVIEW_BREAKPOINTS = [
  { breakpoint: 'desktop', width: 1440, height: 900 },
  { breakpoint: 'tablet', width: 768, height: 1024 },
  { breakpoint: 'mobile', width: 375, height: 812 },
] as const
export type ReviewBreakpointName = (typeof REVIEW_BREAKPOINTS)[number]['breakpoint']

export const REVIEW_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** "Request a new review": at most this many reviews per member and challenge in 24 hours. */
export const REVIEW_REQUESTS_PER_DAY = 5

export const reviewBreakpointSchema = z.object({
  breakpoint: z.enum(['desktop', 'tablet', 'mobile']),
  width: z.number().int(),
  /** 0-100, one decimal. */
  score: z.number(),
  /** /files/... URLs (PNG). */
  captureUrl: z.string(),
  diffUrl: z.string(),
  /** The design image the capture was compared with (the challenge's own image URL). */
  designUrl: z.string(),
  designHeight: z.number().int(),
  captureHeight: z.number().int(),
  comparedHeight: z.number().int(),
  /** captureHeight / designHeight. */
  heightRatio: z.number(),
  failedFonts: z.array(z.string()),
})
export type ReviewBreakpoint = z.infer<typeof reviewBreakpointSchema>

/** GET /api/reviews/:id (public) and the `review` fields below. */
export const reviewSchema = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  requestedUrl: z.string(),
  /** After redirects; null until the review ran. */
  finalUrl: z.string().nullable(),
  /** When it failed: a stable code and a sentence in plain words for the member. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The mean of the breakpoints' scores, one decimal; null until done. */
  score: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** e.g. { chromium: '156.0.8078.73', playwright: '1.65.1', pixelmatch: '7.2.0' } once it ran. */
  versions: z.record(z.string(), z.string()).nullable(),
  breakpoints: z.array(reviewBreakpointSchema),
  member: z.object({ username: z.string(), name: z.string().nullable(), avatarUrl: z.string().nullable() }),
  challenge: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
})
export type Review = z.infer<typeof reviewSchema>
export const reviewResponse = z.object({ review: reviewSchema })
export type ReviewResponse = z.infer<typeof reviewResponse>

/** A review as lists show it (challenge page, profile): enough to show its state and link to it. */
export const reviewSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  score: z.number().nullable(),
  createdAt: z.string(),
})
export type ReviewSummary = z.infer<typeof reviewSummarySchema>

/**
 * GET /api/me/challenges/:id/reviews: the member's reviews of one challenge, newest first, and how
 * many more they may request today.
 */
export const memberReviewsResponse = z.object({
  reviews: z.array(reviewSummarySchema),
  requestsLeftToday: z.number().int(),
})
export type MemberReviewsResponse = z.infer<typeof memberReviewsResponse>
