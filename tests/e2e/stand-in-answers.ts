import type { Page } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import {
  REVIEW_BREAKPOINTS,
  type Review,
  type ReviewBreakpoint,
  type ReviewBreakpointName,
  type ReviewResponse,
} from '#shared/review.ts'

/**
 * Review answers rewritten in the browser, for what the browser-test server cannot give on demand: a
 * finished review of a site it cannot reach, a review still waiting where the real one may have ended
 * before the page reads it, a count of requests left. Each GET of `url` still goes to the server; its
 * JSON answer is passed through `rewrite`. Other methods go through untouched.
 */
export async function rewriteAnswers<T>(page: Page, url: string, rewrite: (answer: T) => T): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback()
    const response = await route.fetch()
    await route.fulfill({ response, json: rewrite((await response.json()) as T) })
  })
}

/** The report of review `reviewId` answered as passed: the server's review, with `fields(review)` over it. */
export function answerAsPassed(
  page: Page,
  reviewId: string,
  fields: (review: Review) => Partial<Review>,
): Promise<void> {
  return rewriteAnswers<ReviewResponse>(page, `**/api/reviews/${reviewId}`, ({ review }) => ({
    review: { ...review, status: 'passed', error: null, ...fields(review) },
  }))
}

const DESIGN_IMAGE = { desktop: 'templateImg', tablet: 'tabletImg', mobile: 'mobileImg' } as const

/**
 * A passed review's breakpoints whose capture and heatmap are the challenge's own design images (served,
 * unlike the captures of a review that never ran), each drawn 2000 px high and captured 2600 px high,
 * with `fields(breakpoint, index)` over it.
 */
export function designsAsCaptures(
  challenge: Pick<Challenge, 'templateImg' | 'tabletImg' | 'mobileImg'>,
  fields: (breakpoint: ReviewBreakpointName, index: number) => Partial<ReviewBreakpoint> = () => ({}),
): ReviewBreakpoint[] {
  return REVIEW_BREAKPOINTS.map(({ breakpoint, width }, index) => {
    const image = challenge[DESIGN_IMAGE[breakpoint]]
    return {
      breakpoint,
      width,
      score: 80,
      captureUrl: image,
      diffUrl: image,
      previewUrl: null,
      designUrl: image,
      designHeight: 2000,
      captureHeight: 2600,
      comparedHeight: 2600,
      heightRatio: 1.3,
      failedFonts: [],
      elements: null,
      ...fields(breakpoint, index),
    }
  })
}
