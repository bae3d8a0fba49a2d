import { z } from 'zod'

/** What the app needs from the server's configuration (GET /api/config). */
export const publicConfigSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  social: z.array(z.object({ name: z.string(), url: z.string() })),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
