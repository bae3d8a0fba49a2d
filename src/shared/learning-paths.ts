import { z } from 'zod'
import { challengeSchema } from '#shared/challenge.ts'

/**
 * Learning paths (docs/product.md "Learning paths"): ordered challenges, written as content in
 * `content/paths/<slug>.md` (docs/content-format.md). The file's front matter is `pathFileSchema`; its
 * Markdown body is the path's introduction, plain paragraphs.
 */

export const PATH_LEVELS = ['beginner', 'intermediate', 'advanced'] as const
export type PathLevel = (typeof PATH_LEVELS)[number]

/** Steps in one path: enough for a few weeks' work, few enough to finish. */
export const PATH_MAX_STEPS = 12

/** A path's slug: its title in lower case with spaces as hyphens, which is also its file's name. */
export const PATH_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** "Responsive navbars from zero" -> "responsive-navbars-from-zero". */
export const pathSlugOf = (title: string) => title.trim().toLowerCase().split(/\s+/).join('-')

/** The title a path badge's reason names, from its slug: the slug rule read backwards. */
export const pathTitleFromSlug = (slug: string) => {
  const words = slug.split('-').join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The badge reason of a completed path: once per member and path (src/server/badges/award.ts). */
export const PATH_BADGE_REASON_PREFIX = 'path:'

export const pathStepFileSchema = z.strictObject({
  challenge: z.string().min(1, 'must name a challenge by its slug'),
  note: z.string().trim().min(10, 'must say in 10 to 200 characters what the step teaches').max(200),
})

export const pathFileSchema = z.strictObject({
  title: z
    .string()
    .regex(/^[A-Za-z0-9 ]{3,60}$/, 'must be 3-60 letters, digits and spaces')
    .refine((title) => title === title.trim() && !title.includes('  '), 'must have single spaces only'),
  summary: z.string().trim().min(20, 'must be 20-280 characters').max(280, 'must be 20-280 characters'),
  level: z.enum(PATH_LEVELS, `must be one of ${PATH_LEVELS.join(', ')}`),
  /** Where the path stands in the list: smaller first. */
  order: z.number().int().min(0),
  steps: z
    .array(pathStepFileSchema, 'must be a list of steps')
    .min(1, 'a path needs at least one step')
    .max(PATH_MAX_STEPS, `a path has at most ${PATH_MAX_STEPS} steps`),
})
export type PathFile = z.infer<typeof pathFileSchema>

/** A member's status on one step: the challenge's, as their progress says (docs/product.md "Learning paths"). */
export const STEP_STATUSES = ['not-started', 'started', 'passed'] as const
export type StepStatus = (typeof STEP_STATUSES)[number]
export const STEP_STATUS_TEXT: Record<StepStatus, string> = {
  'not-started': 'Not started',
  started: 'Started',
  passed: 'Passed',
}

export const learningPathSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  level: z.enum(PATH_LEVELS),
  stepCount: z.number().int().positive(),
  /** The categories its challenges are in, in the order they first appear. */
  categories: z.array(z.string()),
})
export type LearningPathSummary = z.infer<typeof learningPathSummarySchema>

export const pathStepSchema = z.object({ challenge: challengeSchema, note: z.string() })
export type PathStep = z.infer<typeof pathStepSchema>

export const learningPathSchema = learningPathSummarySchema.extend({
  /** The introduction: plain paragraphs. */
  intro: z.array(z.string()),
  steps: z.array(pathStepSchema),
})
export type LearningPath = z.infer<typeof learningPathSchema>

export const pathsResponse = z.object({ paths: z.array(learningPathSummarySchema) })
export type PathsResponse = z.infer<typeof pathsResponse>
export const pathResponse = z.object({ path: learningPathSchema })
export type PathResponse = z.infer<typeof pathResponse>

/** The signed-in member on one path. */
export const pathProgressSchema = z.object({
  slug: z.string(),
  /** When the member started the path; null when they have not. */
  startedAt: z.string().nullable(),
  /** One per step, in order. */
  steps: z.array(z.object({ challengeSlug: z.string(), status: z.enum(STEP_STATUSES) })),
  passed: z.number().int().min(0),
  total: z.number().int().min(0),
  /** The first step not passed yet; null once every step passed. */
  nextChallengeSlug: z.string().nullable(),
  /** When the path's badge was awarded; null until every step passed. */
  completedAt: z.string().nullable(),
})
export type PathProgress = z.infer<typeof pathProgressSchema>

export const pathsProgressResponse = z.object({ paths: z.array(pathProgressSchema) })
export type PathsProgressResponse = z.infer<typeof pathsProgressResponse>
export const pathProgressResponse = z.object({ progress: pathProgressSchema })
export type PathProgressResponse = z.infer<typeof pathProgressResponse>

/** What to do next (docs/product.md "Learning paths"): a challenge and why. */
export const nextChallengeSchema = z.object({
  challenge: challengeSchema,
  reason: z.string(),
  /** The path it is a step of, when that is the reason. */
  path: z.object({ slug: z.string(), title: z.string() }).nullable(),
})
export type NextChallenge = z.infer<typeof nextChallengeSchema>
export const nextChallengeResponse = z.object({ next: nextChallengeSchema.nullable() })
export type NextChallengeResponse = z.infer<typeof nextChallengeResponse>

/** "2 of 5". */
export const progressText = (passed: number, total: number) => `${passed} of ${total}`
