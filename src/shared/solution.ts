import { z } from 'zod'
import { CATEGORY_VALUES } from '#shared/categories.ts'
import { writeUpSchema } from '#shared/live-url.ts'
import { parseRepositoryUrl, REPOSITORY_URL_INVALID } from '#shared/live-url-rule.ts'
import {
  DIFFICULTY_VALUES,
  GALLERY_MAX_LIMIT,
  GALLERY_SORTS,
  SOLUTION_NO_CHANGE,
} from '#shared/solution-rule.ts'

export * from '#shared/solution-rule.ts'

/**
 * Solutions (docs/product.md "Solutions"): a member × challenge with its iterations (each submit and its
 * review). These are the API's shapes, shared by the server and the app.
 */

const solutionMemberSchema = z.object({
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
})

const solutionChallengeSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.enum(CATEGORY_VALUES),
  difficulty: z.enum(DIFFICULTY_VALUES),
})

/** A breakpoint of the latest passed review: its score and capture. */
const solutionCaptureSchema = z.object({
  breakpoint: z.enum(['desktop', 'tablet', 'mobile']),
  width: z.number().int(),
  height: z.number().int(),
  score: z.number(),
  /** A /files/... URL (PNG). */
  captureUrl: z.string(),
  /** Its first screen, small, as WebP (a /files/... URL): what the page shows; null for an older review. */
  previewUrl: z.string().nullable(),
  /**
   * What the capture was compared with, for "Compare with the design" (docs/product.md §11): the design
   * image at this width (the challenge's own image URL) and its height, the difference heatmap (a
   * /files/... PNG) and the compared height (the taller of the two, at most 1.5 × the design's).
   */
  designUrl: z.string(),
  designHeight: z.number().int(),
  diffUrl: z.string(),
  comparedHeight: z.number().int(),
})

/** The quality report in a line each: accessibility findings, HTML errors, Lighthouse's four scores. */
const qualitySummarySchema = z.object({
  /** axe's findings at desktop and mobile, each rule counted once per breakpoint; null when axe could not run. */
  accessibilityIssues: z.number().int().nullable(),
  /** html-validate's errors in the documents it read; null when it could not run. */
  htmlErrors: z.number().int().nullable(),
  /** 0-100; null when Lighthouse could not run or could not score a category. */
  lighthouse: z
    .object({
      performance: z.number().int().nullable(),
      accessibility: z.number().int().nullable(),
      bestPractices: z.number().int().nullable(),
      seo: z.number().int().nullable(),
    })
    .nullable(),
})
export type QualitySummary = z.infer<typeof qualitySummarySchema>

/** One iteration: a submit and its review. */
const iterationSchema = z.object({
  /** The review's public id: its report is /reviews/<id>. */
  reviewId: z.string(),
  status: z.enum(['queued', 'running', 'passed', 'failed']),
  score: z.number().nullable(),
  requestedUrl: z.string(),
  createdAt: z.string(),
  /** Whether this is the iteration visitors see: the newest passed one (docs/product.md §11). */
  public: z.boolean(),
})
export type SolutionIteration = z.infer<typeof iterationSchema>

/**
 * GET /api/solutions/:id. `listed`: whether visitors and the galleries see it (a passed review and not
 * hidden). Visitors are shown passed iterations only; the owner and the admins see every one. The live
 * and repository URLs are those of the newest passed iteration (docs/product.md §11), whatever was
 * submitted since; before anything passed (only its owner reads it then), those of the last submit.
 */
export const solutionSchema = z.object({
  id: z.string(),
  member: solutionMemberSchema,
  challenge: solutionChallengeSchema,
  liveUrl: z.string().nullable(),
  repositoryUrl: z.string().nullable(),
  /** The Markdown as written, for the owner's editor; null when there is none. */
  writeUp: z.string().nullable(),
  /** The write-up as sanitised HTML; empty when there is none. */
  writeUpHtml: z.string(),
  hidden: z.boolean(),
  listed: z.boolean(),
  completedAt: z.string().nullable(),
  /** The newest passed review: its id, score, captures and quality; null before one passed. */
  latestReview: z
    .object({
      id: z.string(),
      score: z.number().nullable(),
      createdAt: z.string(),
      captures: z.array(solutionCaptureSchema),
      quality: qualitySummarySchema.nullable(),
      /**
       * What differs most from the design (docs/product.md §10, §11): at most three findings of the
       * element review, of most weight across the breakpoints; empty for a review stored before findings.
       * The sentence quotes the member's text: it is data, shown as text.
       */
      findings: z.array(
        z.object({
          breakpoint: z.enum(['desktop', 'tablet', 'mobile']),
          severity: z.enum(['high', 'medium', 'low']),
          sentence: z.string(),
        }),
      ),
    })
    .nullable(),
  /** Newest first. */
  iterations: z.array(iterationSchema),
  /** Feedback (docs/product.md §12): likes, visible comments, and whether the reader liked it. */
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  /** An admin hid it: its author and the admins still see it, with this said. */
  moderatorHidden: z.boolean(),
})
export type Solution = z.infer<typeof solutionSchema>
export type SolutionFinding = NonNullable<Solution['latestReview']>['findings'][number]
export const solutionResponse = z.object({ solution: solutionSchema })
export type SolutionResponse = z.infer<typeof solutionResponse>

/** A gallery's card. */
export const solutionCardSchema = z.object({
  id: z.string(),
  member: solutionMemberSchema,
  challenge: solutionChallengeSchema,
  /** The latest passed review's score, and when that review was asked for. */
  score: z.number(),
  passedAt: z.string(),
  /** The latest passed review's desktop capture (a /files/... URL); its top is shown at 1440×900. */
  captureUrl: z.string().nullable(),
  /** That capture's first screen, small, as WebP: what the card shows; null for an older review. */
  previewUrl: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
})
export type SolutionCard = z.infer<typeof solutionCardSchema>
export const galleryResponse = z.object({
  solutions: z.array(solutionCardSchema),
  /** Give it as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type GalleryResponse = z.infer<typeof galleryResponse>

const CURSOR_INVALID = 'must be the nextCursor of a previous page'

/** The query of both galleries; `category` and `difficulty` only on the site-wide one. */
const galleryQueryShape = {
  sort: z.enum(GALLERY_SORTS, `must be one of ${GALLERY_SORTS.join(', ')}`).default('newest'),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, CURSOR_INVALID)
    .optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,1}$/, `must be a whole number from 1 to ${GALLERY_MAX_LIMIT}`)
    .transform(Number)
    .refine((n) => n <= GALLERY_MAX_LIMIT, `must be a whole number from 1 to ${GALLERY_MAX_LIMIT}`)
    .optional(),
}
export const challengeGalleryQuery = z.object(galleryQueryShape)
export const galleryQuery = z.object({
  ...galleryQueryShape,
  category: z.enum(CATEGORY_VALUES, `must be one of ${CATEGORY_VALUES.join(', ')}`).optional(),
  difficulty: z.enum(DIFFICULTY_VALUES, `must be one of ${DIFFICULTY_VALUES.join(', ')}`).optional(),
})
export { CURSOR_INVALID }

/**
 * PATCH /api/solutions/:id (docs/product.md "Solutions"): any of the write-up (blank or null removes it),
 * the repository URL (blank or null removes it) and `hidden`; any other field is refused.
 */
export const solutionUpdateSchema = z
  .strictObject(
    {
      writeUp: writeUpSchema.nullable().optional(),
      repositoryUrl: z
        .string(REPOSITORY_URL_INVALID)
        .nullable()
        .optional()
        .transform((value, ctx) => {
          if (value === undefined) return undefined
          if (value === null || value.trim() === '') return null
          const parsed = parseRepositoryUrl(value)
          if (parsed.error !== undefined) {
            ctx.addIssue({ code: 'custom', message: parsed.error })
            return z.NEVER
          }
          return parsed.url
        }),
      hidden: z.boolean('hidden must be true or false.').optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : undefined,
    },
  )
  .refine(
    (body) => body.writeUp !== undefined || body.repositoryUrl !== undefined || body.hidden !== undefined,
    SOLUTION_NO_CHANGE,
  )
export type SolutionUpdate = z.input<typeof solutionUpdateSchema>
