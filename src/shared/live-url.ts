import { z } from 'zod'
import { LIVE_URL_REQUIRED, liveUrlError, normalizeLiveUrl } from '#shared/live-url-rule.ts'

export {
  LIVE_URL_INVALID,
  LIVE_URL_REQUIRED,
  liveUrlError,
  normalizeLiveUrl,
} from '#shared/live-url-rule.ts'

export const submitSolutionSchema = z.object({
  liveUrl: z
    .string(LIVE_URL_REQUIRED)
    .transform(normalizeLiveUrl)
    .superRefine((value, ctx) => {
      const message = liveUrlError(value)
      if (message) ctx.addIssue({ code: 'custom', message })
    }),
})
