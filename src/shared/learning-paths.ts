import { z } from 'zod'
import { challengeSchema } from '#shared/challenge.ts'
import { PATH_LEVELS, PATH_MAX_STEPS, STEP_STATUSES } from '#shared/learning-path-rule.ts'

export * from '#shared/learning-path-rule.ts'

/**
 * Learning paths (docs/product.md §15): ordered challenges, written as content in
 * `content/paths/<slug>.md` (docs/content-format.md). The file's front matter is `pathFileSchema`; its
 * Markdown body is the path's introduction, plain paragraphs.
 */

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

/** What to do next (docs/product.md §15): a challenge and why. */
export const nextChallengeSchema = z.object({
  challenge: challengeSchema,
  reason: z.string(),
  /** The path it is a step of, when that is the reason. */
  path: z.object({ slug: z.string(), title: z.string() }).nullable(),
})
export type NextChallenge = z.infer<typeof nextChallengeSchema>
export const nextChallengeResponse = z.object({ next: nextChallengeSchema.nullable() })
export type NextChallengeResponse = z.infer<typeof nextChallengeResponse>
