import { eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { Lookup } from '#server/review/address-policy.ts'
import type { CapturedBreakpoint } from '#server/review/capture.ts'
import type { CaptureError } from '#server/review/capture-errors.ts'
import type { ReviewCaptureDeps } from '#server/review/pipeline.ts'
import type { ReviewService } from '#server/review/service.ts'
import { REVIEW_JOB_KIND } from '#server/review/workers.ts'
import { REVIEW_BREAKPOINTS } from '#shared/review.ts'
import { png } from '#tests/support/content-fixtures.ts'
import { standInEngine } from '#tests/support/test-engine.ts'

/**
 * Review captures without a browser, for the API tests: no browser can reach a real static host there.
 * Every address "shows" a page that matches its design exactly (score 100) and ends where it was opened,
 * with no verification tag, unless `sites.set(url, page)` says otherwise. The review engine is a
 * stand-in (test-engine.ts); the review pipeline, the scores, the verdict and the points are the real ones.
 */
export type StandInPage = {
  /** Where the page ends after redirects (default: the address opened). */
  finalUrl?: string
  /** The verification tags' contents in its <head>. */
  tokens?: string[]
  /** A white page: no better than blank. */
  blank?: boolean
  /** The capture fails with this (an unreachable site, an HTTP 404...). */
  fail?: () => CaptureError
}

const DESIGN_COLOUR = '#1f6f8b'
const HEIGHT = 300

/** Addresses are looked up without trailing slashes, as the submit form and the server store them. */
const key = (url: string) => url.replace(/\/+$/, '')

export function standInSites() {
  const pages = new Map<string, StandInPage>()
  const sites = {
    set: (url: string, page: StandInPage) => pages.set(key(url), page),
    get: (url: string) => pages.get(key(url)),
  }
  const opened: string[] = []
  const capture: ReviewCaptureDeps = {
    audits: { axe: false, html: false, lighthouse: false },
    engine: standInEngine({
      capture: async ({ url }, { onBreakpoint }) => {
        opened.push(url)
        const page = sites.get(url) ?? {}
        const failure = page.fail?.()
        if (failure) throw failure
        const finalUrl = page.finalUrl ?? url
        const captures: CapturedBreakpoint[] = []
        for (const { breakpoint, width } of REVIEW_BREAKPOINTS) {
          onBreakpoint(breakpoint)
          captures.push({
            breakpoint,
            width,
            png: await png(width, HEIGHT, page.blank ? '#ffffff' : DESIGN_COLOUR),
            height: HEIGHT,
            pageHeight: HEIGHT,
            failedFonts: [],
            finalUrl,
            verificationTokens: page.tokens ?? [],
          })
        }
        return {
          finalUrl,
          captures,
          egress: { requests: 1, bytes: 100, blocked: [] },
          versions: { chromium: 'stand-in', playwright: 'stand-in' },
          timings: { total: 1 },
        }
      },
      // Every design "renders" as the colour every matching page shows.
      renderDesign: async (_design, width) => png(width, HEIGHT, DESIGN_COLOUR),
    }),
  }
  // "Review again" resolves the address's name first (request.ts): every name resolves to a
  // documentation address here, but those added to `missingNames`, which do not exist.
  const missingNames = new Set<string>()
  const lookup: Lookup = async (hostname) => {
    if (missingNames.has(hostname.toLowerCase()))
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return [{ address: '192.0.2.1', family: 4 }]
  }
  return { sites, opened, capture, missingNames, lookup }
}

/**
 * Runs every queued review job to its end, one at a time, as a review worker would (retries included,
 * at most `maxJobs`): after it, each review the tests asked for has passed or failed.
 */
export async function runQueuedReviews(reviews: ReviewService, maxJobs = 200): Promise<number> {
  const queue = reviews.workerQueue()
  let ran = 0
  for (; ran < maxJobs; ran += 1) {
    const job = await queue.claim([REVIEW_JOB_KIND], 60_000)
    if (!job) return ran
    try {
      await reviews.handleJob(job, { signal: new AbortController().signal })
      await queue.complete(job)
    } catch (error) {
      await queue.fail(job, error, { retry: false })
    }
  }
  throw new Error(`more than ${maxJobs} review jobs were queued`)
}

/** The member's verification token, as the submit form shows it. */
export async function verificationTokenOf(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ token: users.verificationToken }).from(users).where(eq(users.id, userId))
  if (!row) throw new Error(`no member ${userId}`)
  return row.token
}
