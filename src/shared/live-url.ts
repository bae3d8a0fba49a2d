import { z } from 'zod'
import {
  LIVE_URL_REQUIRED,
  parseLiveUrl,
  parseRepositoryUrl,
  REPOSITORY_URL_INVALID,
} from '#shared/live-url-rule.ts'
import { parseWriteUp, WRITE_UP_NOT_TEXT } from '#shared/write-up-rule.ts'

export {
  LIVE_URL_INVALID,
  LIVE_URL_REQUIRED,
  liveUrlError,
  normalizeLiveUrl,
  normalizeRepositoryUrl,
  parseLiveUrl,
  parseRepositoryUrl,
  repositoryUrlError,
} from '#shared/live-url-rule.ts'

/**
 * A write-up sent with a submit or an edit (docs/product.md "Solutions"): normalised, at most 5,000
 * characters; blank comes out null (no write-up).
 */
export const writeUpSchema = z.string(WRITE_UP_NOT_TEXT).transform((value, ctx) => {
  const parsed = parseWriteUp(value)
  if (parsed.error !== undefined) {
    ctx.addIssue({ code: 'custom', message: parsed.error })
    return z.NEVER
  }
  return parsed.writeUp
})

/**
 * POST /api/me/challenges/:id/submit's body (docs/product.md §5): the live URL, normalised, an optional
 * repository URL (blank or null means none and comes out undefined) and an optional write-up (blank or
 * null: the solution keeps the write-up it has, and it comes out undefined). Each refusal's message is the rule's
 * own sentence, so the server's 400 says what the form says.
 */
export const submitSolutionSchema = z.object({
  liveUrl: z.string(LIVE_URL_REQUIRED).transform((value, ctx) => {
    const parsed = parseLiveUrl(value)
    if (parsed.error !== undefined) {
      ctx.addIssue({ code: 'custom', message: parsed.error })
      return z.NEVER
    }
    return parsed.url
  }),
  repositoryUrl: z
    .string(REPOSITORY_URL_INVALID)
    .nullish()
    .transform((value, ctx) => {
      if (value == null || value.trim() === '') return undefined
      const parsed = parseRepositoryUrl(value)
      if (parsed.error !== undefined) {
        ctx.addIssue({ code: 'custom', message: parsed.error })
        return z.NEVER
      }
      return parsed.url
    }),
  writeUp: writeUpSchema
    .nullish()
    .transform((value) => value ?? undefined)
    .describe('Markdown, at most 5,000 characters; blank or absent keeps the solution’s write-up.'),
})
export type SubmitSolution = z.infer<typeof submitSolutionSchema>
