import { z } from 'zod'
import { linkStatusSchema, ownershipSchema } from '#shared/ownership.ts'

/**
 * Submission reviews (docs/product.md §10): the platform opens a member's live site, captures it at three
 * widths and scores each capture against the challenge's design. These are the API's shapes, shared
 * by the server and the app.
 */

export const REVIEW_BREAKPOINTS = [
  { breakpoint: 'desktop', width: 1440, height: 900 },
  { breakpoint: 'tablet', width: 768, height: 1024 },
  { breakpoint: 'mobile', width: 375, height: 812 },
] as const
export type ReviewBreakpointName = (typeof REVIEW_BREAKPOINTS)[number]['breakpoint']

/**
 * A review waits (`queued`), runs, and ends `passed` or `failed` (docs/product.md §10). Only a passed review
 * completes the challenge and earns its points. A failed review may still hold scores: the capture ran
 * but the page was blank or not the member's own site.
 */
const REVIEW_STATUSES = ['queued', 'running', 'passed', 'failed'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** What a running review is doing, in order; null while queued and once it ended. */
export const REVIEW_STAGES = [
  'capturing-desktop',
  'capturing-tablet',
  'capturing-mobile',
  'scoring',
  'auditing',
] as const
export type ReviewStage = (typeof REVIEW_STAGES)[number]

/**
 * Why a review that captured the site did not pass (docs/product.md §10). A review that could not capture
 * it fails with the capture's own code (`unreachable`, `http_error`, `timeout`, `too_large`,
 * `too_much_memory`...), defined with its sentence in src/server/review/capture-errors.ts.
 */
export const VERDICT_FAILURES = {
  blank_page: 'The page looks blank: it shows almost nothing of the design.',
  not_own_site:
    "The site is someone else's GitHub Pages site. Submit a site you published yourself, or add your verification tag to it.",
  verification_missing:
    "We could not find your verification tag in the page's <head>. Add the tag shown on this page to your site, publish it, and review again.",
  verification_other_member:
    "The page carries another member's verification tag. Use the tag shown on this page, the one that is yours.",
  verification_outdated:
    'The page carries a verification tag that is not your current one. Copy the tag shown on this page again, publish the site, and review again.',
} as const
export type VerdictFailure = keyof typeof VERDICT_FAILURES

/** "Request a new review": at most this many reviews per member and challenge in 24 hours. */
export const REVIEW_REQUESTS_PER_DAY = 5

/** An element's box, CSS px from the page's top left at the breakpoint's width (src/shared/page-elements.ts). */
const elementBoxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })

/** The kinds of what differs, element by element (docs/decisions/021-element-review.md). */
export const FINDING_KINDS = ['layout', 'text', 'colour', 'font', 'missing', 'extra'] as const
export const FINDING_SEVERITIES = ['high', 'medium', 'low'] as const

/**
 * One thing that differs between the member's page and the design at a breakpoint (docs/product.md §10):
 * a sentence with its numbers, and the two boxes to draw. A missing element has only the design's box, an
 * extra one only the page's; a move of the whole page has neither. The sentence quotes the member's text:
 * it is data, shown as text.
 */
export const reviewFindingSchema = z.object({
  kind: z.enum(FINDING_KINDS),
  severity: z.enum(FINDING_SEVERITIES),
  /** 0..1: how much it matters; the findings are sorted by it, highest first. */
  weight: z.number(),
  sentence: z.string(),
  /** Where the element is in the design; null for an element that is not in the design. */
  designBox: elementBoxSchema.nullable(),
  /** Where it is on the member's page; null for an element the page lacks. */
  pageBox: elementBoxSchema.nullable(),
  /** The measured values behind the sentence: px offsets (page minus design), sizes, colours, fonts. */
  numbers: z.object({
    dx: z.number().optional(),
    dy: z.number().optional(),
    sizePercent: z.number().optional(),
    fontSize: z.number().optional(),
    designFontSize: z.number().optional(),
    width: z.number().optional(),
    height: z.number().optional(),
    designWidth: z.number().optional(),
    designHeight: z.number().optional(),
    colour: z.string().optional(),
    designColour: z.string().optional(),
    deltaE: z.number().optional(),
    fontFamily: z.string().optional(),
    designFontFamily: z.string().optional(),
    fontWeight: z.number().optional(),
    designFontWeight: z.number().optional(),
    textDistance: z.number().optional(),
  }),
})
export type ReviewFinding = z.infer<typeof reviewFindingSchema>

/**
 * How far the page agrees with the design element by element, each part 0..1 (1 for the design itself),
 * and how many elements paired, are missing and were added (docs/decisions/021-element-review.md).
 */
export const elementAgreementSchema = z.object({
  content: z.number(),
  position: z.number(),
  size: z.number(),
  colour: z.number(),
  overall: z.number(),
  paired: z.number().int(),
  missing: z.number().int(),
  extra: z.number().int(),
})

/** A breakpoint's element review: its agreement and its findings, most important first (at most 50). */
export const reviewElementsSchema = z.object({
  agreement: elementAgreementSchema,
  findings: z.array(reviewFindingSchema),
})
export type ReviewElements = z.infer<typeof reviewElementsSchema>

/** The version of `review_breakpoints.elements` this code writes; another reads as no findings. */
export const REVIEW_ELEMENTS_VERSION = 1
/** `review_breakpoints.elements` as stored: the element review with its shape's version. */
export const storedReviewElementsSchema = reviewElementsSchema.extend({
  version: z.literal(REVIEW_ELEMENTS_VERSION),
})
export type StoredReviewElements = z.infer<typeof storedReviewElementsSchema>

/**
 * A stored element review in today's shape, or null: none stored (a review before findings, or one of a
 * page or design without elements), or a shape of another version. It never fails the report.
 */
export function readStoredElements(value: unknown): ReviewElements | null {
  if (value === null || value === undefined) return null
  const parsed = storedReviewElementsSchema.safeParse(value)
  if (!parsed.success) return null
  const { agreement, findings } = parsed.data
  return { agreement, findings }
}

export const reviewBreakpointSchema = z.object({
  breakpoint: z.enum(['desktop', 'tablet', 'mobile']),
  width: z.number().int(),
  /** 0-100, one decimal. */
  score: z.number(),
  /** /files/... URLs (PNG). */
  captureUrl: z.string(),
  diffUrl: z.string(),
  /** The capture's first screen, small, as WebP (a /files/... URL); null for a review stored before. */
  previewUrl: z.string().nullable(),
  /** The design image the capture was compared with (the challenge's own image URL). */
  designUrl: z.string(),
  designHeight: z.number().int(),
  captureHeight: z.number().int(),
  comparedHeight: z.number().int(),
  /** captureHeight / designHeight. */
  heightRatio: z.number(),
  failedFonts: z.array(z.string()),
  /**
   * What differs element by element (docs/product.md §10); null for a review stored before findings, or
   * when the design or the page had no elements to compare.
   */
  elements: reviewElementsSchema.nullable(),
})
export type ReviewBreakpoint = z.infer<typeof reviewBreakpointSchema>

/**
 * The quality report (docs/product.md §10) stored with each review (`submission_reviews.quality`). Each
 * tool's part is either its result or "unavailable" with a sentence saying why: one tool failing never fails
 * the review. Texts come from the tools (axe, html-validate, Lighthouse), in English.
 */

/** axe's impact levels, most severe first: the report lists findings in this order. */
export const AXE_IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const
export type AxeImpact = (typeof AXE_IMPACTS)[number]

/** The breakpoints axe runs at: the widest and the narrowest. */
export const AXE_BREAKPOINTS = ['desktop', 'mobile'] as const
export type AxeBreakpoint = (typeof AXE_BREAKPOINTS)[number]

/** Lighthouse's four categories, as Lighthouse names them. */
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]

const unavailableAuditSchema = z.object({ status: z.literal('unavailable'), reason: z.string() })

/** One axe rule the page breaks, with every element that breaks it counted. */
const axeFindingSchema = z.object({
  ruleId: z.string(),
  impact: z.enum(AXE_IMPACTS).nullable(),
  /** Elements that break the rule. */
  count: z.number().int().nonnegative(),
  /** The first element's CSS selector (axe's target), null when axe gives none. */
  selector: z.string().nullable(),
  /** What to fix, in one line (axe's `help`), and the page that explains it. */
  help: z.string(),
  helpUrl: z.string(),
})
export type AxeFinding = z.infer<typeof axeFindingSchema>

const axeAuditSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), findings: z.array(axeFindingSchema) }),
  unavailableAuditSchema,
])
export type AxeAudit = z.infer<typeof axeAuditSchema>

/** One html-validate rule the document breaks: how often, and where first. */
const htmlFindingSchema = z.object({
  ruleId: z.string(),
  severity: z.enum(['error', 'warning']),
  count: z.number().int().positive(),
  /** The first message, and its line and column in the document validated. */
  message: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  ruleUrl: z.string().nullable(),
})
export type HtmlFinding = z.infer<typeof htmlFindingSchema>

/**
 * A validated document: the HTML the server sent, and for a page a script builds (a single-page app
 * sends little more than a script tag) the DOM after the scripts ran too.
 */
const htmlDocumentSchema = z.object({
  source: z.enum(['served', 'rendered']),
  errors: z.number().int().nonnegative(),
  warnings: z.number().int().nonnegative(),
  findings: z.array(htmlFindingSchema),
})
export type HtmlDocumentReport = z.infer<typeof htmlDocumentSchema>

const htmlAuditSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), documents: z.array(htmlDocumentSchema) }),
  unavailableAuditSchema,
])
export type HtmlAudit = z.infer<typeof htmlAuditSchema>

/** A category's score, 0-1 as Lighthouse gives it; null when Lighthouse could not score it. */
const categoryScoreSchema = z.number().min(0).max(1).nullable()

/**
 * One Lighthouse audit the page fails (scored below 0.9): Lighthouse's id and title, and its description
 * as plain text (what the audit checks and how to fix it), with the page that explains it.
 */
const lighthouseFailingAuditSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Lighthouse's "Learn more" page (https), when the description links one. */
  url: z.string().optional(),
})
export type LighthouseFailingAudit = z.infer<typeof lighthouseFailingAuditSchema>

const lighthouseAuditSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('done'),
    /** Desktop settings, on the desktop page's address after redirects. */
    scores: z.object({
      performance: categoryScoreSchema,
      accessibility: categoryScoreSchema,
      'best-practices': categoryScoreSchema,
      seo: categoryScoreSchema,
    }),
    /**
     * The lowest-scoring audits the page fails, lowest first, at most ten. Optional: reports stored
     * before Lighthouse's audits were kept have none.
     */
    failing: z.array(lighthouseFailingAuditSchema).optional(),
  }),
  unavailableAuditSchema,
])
export type LighthouseAudit = z.infer<typeof lighthouseAuditSchema>

export const reviewQualitySchema = z.object({
  axe: z.object({ desktop: axeAuditSchema, mobile: axeAuditSchema }),
  html: htmlAuditSchema,
  lighthouse: lighthouseAuditSchema,
  /** The tools' versions, e.g. { 'axe-core': '4.13.0', 'html-validate': '10.17.0', lighthouse: '12.8.2' }. */
  versions: z.record(z.string(), z.string()),
})
export type ReviewQuality = z.infer<typeof reviewQualitySchema>

/**
 * GET /api/reviews/:id and the `review` fields below. `id` is the review's public id, which nobody can
 * guess; a review that has not passed is shown to its member only.
 */
export const reviewSchema = z.object({
  id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  stage: z.enum(REVIEW_STAGES).nullable(),
  /** The address the member submitted. */
  requestedUrl: z.string(),
  /** The repository the member named with it, if any. */
  repositoryUrl: z.string().nullable(),
  /** After redirects; null until the review ran. */
  finalUrl: z.string().nullable(),
  /** When it failed: a stable code and a sentence in plain words for the member. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The mean of the breakpoints' scores, one decimal; null until the captures were scored. */
  score: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** e.g. { chromium: '156.0.8078.73', playwright: '1.65.1', pixelmatch: '7.2.0' } once it ran. */
  versions: z.record(z.string(), z.string()).nullable(),
  breakpoints: z.array(reviewBreakpointSchema),
  /** Accessibility, HTML validity and Lighthouse; null until done (and for older reviews). */
  quality: reviewQualitySchema.nullable(),
  /**
   * Whether the site the capture ended on was the member's own (their `<login>.github.io`, or their
   * verification tag); null until the review judged it.
   */
  ownership: ownershipSchema.nullable(),
  /** The submission's live link as last checked (now, not when the review ran). */
  linkStatus: linkStatusSchema,
  member: z.object({ username: z.string(), name: z.string().nullable(), avatarUrl: z.string().nullable() }),
  challenge: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
})
export type Review = z.infer<typeof reviewSchema>
export const reviewResponse = z.object({ review: reviewSchema })
export type ReviewResponse = z.infer<typeof reviewResponse>

/** A review as lists show it (challenge page, profile): enough to show its state and link to it. */
export const reviewSummarySchema = z.object({
  id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  stage: z.enum(REVIEW_STAGES).nullable(),
  score: z.number().nullable(),
  requestedUrl: z.string(),
  /** Why it did not pass, when it failed. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The points this review earned: POINTS_PER_CHALLENGE on the first passed review of a challenge, else 0. */
  pointsAwarded: z.number().int(),
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
  /** When the next review may be asked for (ISO), once today's are used; null while one is possible. */
  nextRequestAt: z.string().nullable(),
  /** The submission's solution page id (docs/product.md §11); null before the first submit. */
  solutionId: z.string().nullable(),
})
export type MemberReviewsResponse = z.infer<typeof memberReviewsResponse>
