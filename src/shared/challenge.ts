import { z } from 'zod'
import { CATEGORY_VALUES } from '#shared/categories.ts'
import { CHALLENGE_STATUSES, DIFFICULTIES } from '#shared/constants.ts'

export const categorySchema = z.enum(CATEGORY_VALUES)
const difficultySchema = z.enum(DIFFICULTIES)

/**
 * One design image (docs/product.md §2 Challenge detail): a breakpoint's full page (`name` is its view)
 * or a state image (`name` is the state's, e.g. `mobile-menu-open`), at its natural size in pixels.
 * `height` is null only for a challenge imported before sizes were kept.
 */
export const designImageSchema = z.object({
  name: z.string(),
  view: z.enum(['desktop', 'tablet', 'mobile']),
  src: z.string(),
  /** The design's own PNG, as the zip has it (the viewer's Download); `src` is the WebP shown. */
  download: z.string(),
  /**
   * The same image `DESIGN_PREVIEW_WIDTH` wide, for a phone's screen (docs/decisions/019-first-visit-budgets.md):
   * the desktop view's; null for the others, the state images and a row imported before it was kept.
   */
  preview: z.string().nullable(),
  width: z.number().int().positive(),
  height: z.number().int().positive().nullable(),
})
export type DesignImage = z.infer<typeof designImageSchema>

/** One challenge as the public API returns it. Image fields keep docs/product.md §3's names in camelCase. */
export const challengeSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: categorySchema,
  difficulty: difficultySchema,
  /** Full-size design images (desktop, tablet, mobile). */
  templateImg: z.string(),
  tabletImg: z.string(),
  mobileImg: z.string(),
  /** Small top-cropped previews for cards. */
  thumbnails: z.object({ desktop: z.string(), tablet: z.string(), mobile: z.string() }),
  /** The three breakpoints (desktop, tablet, mobile) and the state images, in states.json's order. */
  designs: z.object({ views: z.array(designImageSchema), states: z.array(designImageSchema) }),
  publishedAt: z.string(),
})
export type Challenge = z.infer<typeof challengeSchema>

export const assetGroupSchema = z.object({
  kind: z.enum([
    'figma',
    'designs',
    'editable-designs',
    'style-guide',
    'fonts',
    'images',
    'starter',
    'readme',
  ]),
  label: z.string(),
  files: z.array(z.string()),
})
export type AssetGroup = z.infer<typeof assetGroupSchema>

/** The challenge's zip as stored: what the download holds. */
export const challengeZipSchema = z.object({
  challengeId: z.number().int().positive(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  entries: z.array(z.string()),
  assets: z.array(assetGroupSchema),
  figmaUrl: z.string().nullable(),
})
export type ChallengeZip = z.infer<typeof challengeZipSchema>

/** A challenge as the lists show it: with the number of its listed solutions (docs/product.md §2, §11). */
export const listedChallengeSchema = challengeSchema.extend({
  solutionCount: z.number().int().nonnegative(),
})
export type ListedChallenge = z.infer<typeof listedChallengeSchema>

export const challengeListResponse = z.object({ challenges: z.array(listedChallengeSchema) })
export const challengeResponse = z.object({ challenge: challengeSchema })
export const challengeCountResponse = z.object({ count: z.number().int().nonnegative() })
export const challengeZipResponse = z.object({ zip: challengeZipSchema })
export type ChallengeListResponse = z.infer<typeof challengeListResponse>
/** The signed-in member's status on each challenge they started (GET /api/me/statuses). */
export const challengeStatusesResponse = z.object({
  statuses: z.array(
    z.object({ challengeId: z.number().int().positive(), status: z.enum(CHALLENGE_STATUSES) }),
  ),
})
export type ChallengeStatusesResponse = z.infer<typeof challengeStatusesResponse>
export type ChallengeResponse = z.infer<typeof challengeResponse>
export type ChallengeZipResponse = z.infer<typeof challengeZipResponse>

export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
})

/** `content/challenges/<slug>/challenge.json`: the metadata an author writes. */
export const challengeMetadataSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(60, 'must be at most 60 characters')
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} '&.,!]*$/u, "may contain only letters, digits, spaces and ' & . , !"),
    description: z.string().trim().min(20, 'must be at least 20 characters').max(280),
    category: categorySchema,
    difficulty: difficultySchema,
    date: z.iso.date('must be a date written YYYY-MM-DD'),
    figmaUrl: z.url({ protocol: /^https$/ }).optional(),
  })
  .strict()
export type ChallengeMetadata = z.infer<typeof challengeMetadataSchema>
