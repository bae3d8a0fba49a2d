import { z } from 'zod'

/** What the app needs from the server's configuration (GET /api/config). */
export const publicConfigSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  social: z.array(z.object({ name: z.string(), url: z.string() })),
  /** Who may create classrooms (docs/product.md §13): any member, or the admins only. */
  classrooms: z.enum(['open', 'admins']),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>
