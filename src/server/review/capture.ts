import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import type { BrowserPool } from '#server/review/browser-pool.ts'
import {
  asCaptureError,
  CaptureError,
  checkResponse,
  classifyFailure,
  failedNavigationError,
  limitReason,
  navigationFailure,
  nestedWorkerError,
  resourceHungError,
  scriptKeptRunningError,
  unpackedLimitError,
} from '#server/review/capture-errors.ts'
import {
  EGRESS_MAX_BLOCKED_RECORDS,
  type EgressProxy,
  type EgressProxyOptions,
  type EgressStats,
  startEgressProxy,
} from '#server/review/egress-proxy.ts'
import { collectElements, ELEMENTS_WALK_MS } from '#server/review/elements.ts'
import {
  bounded,
  FREEZE_CSS,
  fontsSettled,
  freezeAndMeasure,
  freezeScript,
  measure,
  nextFrame,
  readVerificationTokens,
  settle,
} from '#server/review/in-page.ts'
import { type PageWatch, watchPage } from '#server/review/page-watch.ts'
import { auditAccessibility } from '#server/review/quality/axe.ts'
import { HTML_MAX_BYTES, looksScriptBuilt, type PageDocuments } from '#server/review/quality/documents.ts'
import { loadSharp } from '#server/sharp.ts'
import type { PageElements } from '#shared/page-elements.ts'
import { type AxeAudit, REVIEW_BREAKPOINTS, type ReviewBreakpointName } from '#shared/review.ts'
import { VERIFICATION_META_NAME } from '#shared/verification.ts'

/**
 * Opens a member's live site in Chromium (src/server/chromium.ts finds it) and screenshots it at each
 * review breakpoint, and renders the challenge's design images in the same browser, so both sides of a
 * comparison come from one engine with one set of settings. The site is hostile: every request goes
 * through a fresh egress proxy (see egress-proxy.ts), and every wait is bounded. The browser comes from
 * browser-pool.ts, and what runs inside the page from in-page.ts.
 */

/** A job's whole budget: three page loads and their settling, with room to spare. */
export const CAPTURE_JOB_TIMEOUT_MS = 180_000
/** From the first request until the document has arrived (DOMContentLoaded) and, if it can, loaded. */
export const CAPTURE_NAVIGATION_TIMEOUT_MS = 30_000
/** Taller pages are cut here: a 100k px page would be a 500 MB bitmap, and nobody designs one. */
export const CAPTURE_MAX_HEIGHT = 16_000
/** The bounded waits after load: network idle, lazy images, web fonts. */
export const CAPTURE_SETTLE_TIMEOUT_MS = 5000
/** Reading the document's body and the rendered DOM for validation; a body that never ends is let go. */
export const CAPTURE_DOCUMENT_TIMEOUT_MS = 5000
/**
 * A page's files together once unpacked (gzip, br), per breakpoint's page load, like the proxy's 25 MB on
 * the wire: a small compressed answer can unpack to gigabytes in the browser (docs/product.md §10).
 */
export const CAPTURE_MAX_UNPACKED_BYTES = 25 * 1024 * 1024
/** How long a page that is not busy may take to answer a trivial script or draw a frame (on a busy machine). */
const CAPTURE_PROBE_TIMEOUT_MS = 5000
/** Closing a context whose page hangs: Chromium ends its process, which is quick, but not waited for forever. */
const CAPTURE_CLOSE_TIMEOUT_MS = 10_000

const PLAYWRIGHT_VERSION: string = createRequire(import.meta.url)('playwright-core/package.json').version

export type CapturedBreakpoint = {
  breakpoint: ReviewBreakpointName
  width: number
  png: Buffer
  /** The height captured, px: the page's height, at least the viewport's, at most CAPTURE_MAX_HEIGHT. */
  height: number
  /** The page's own height before the cap. */
  pageHeight: number
  /** Families of web fonts that failed to load (the page fell back to another font). */
  failedFonts: string[]
  /** The address this breakpoint's page ended on, after HTTP, meta refresh and script redirects. */
  finalUrl: string
  /** The `content` of every verification tag in that page's <head> (docs/product.md §10). */
  verificationTokens: string[]
  /**
   * The page's visible elements as captured, for the element review (elements.ts); absent when the page
   * did not give them in time (the review goes on without them).
   */
  elements?: PageElements
}

export type SiteCapture = {
  /** The first (desktop) page's address after redirects. */
  finalUrl: string
  captures: CapturedBreakpoint[]
  /** The three page loads' proxies together. */
  egress: EgressStats
  versions: { chromium: string; playwright: string }
  /**
   * ms per phase, e.g. `desktop.navigate`, `desktop.settle`, `desktop.screenshot`, `desktop.elements`,
   * `desktop.axe`, `desktop.documents`, `total`.
   */
  timings: Record<string, number>
  /** axe's findings at the breakpoints `audits.axe` named. */
  axe?: Partial<Record<ReviewBreakpointName, AxeAudit>>
  /** The first breakpoint's HTML (served, and rendered for a page its scripts build), if `audits.documents`. */
  documents?: PageDocuments
}

/** What the capture does on each open page besides the screenshot, for the review's quality report. */
export type CaptureAudits = {
  /** Runs axe at these breakpoints, after their screenshot, while the next breakpoint loads. */
  axe?: readonly ReviewBreakpointName[]
  /** Keeps the first breakpoint's HTML for validation. */
  documents?: boolean
}

/** The address as the browser will open it, or invalid_url: only http(s), before any browser starts. */
export function parseSiteUrl(input: string): URL {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    throw new CaptureError('invalid_url', 'The address is not a valid web address.')
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw new CaptureError('invalid_url', 'Only http:// and https:// addresses can be reviewed.')
  return url
}

type Deadline = { aborted: Promise<never>; signal: AbortSignal; dispose(): void }

/** Rejects `aborted` when the job's budget is spent (timeout) or the caller aborts (its reason). */
function deadline(jobTimeoutMs: number, outer: AbortSignal | undefined): Deadline {
  const controller = new AbortController()
  const timer = setTimeout(
    () =>
      controller.abort(
        new CaptureError(
          'timeout',
          `The review took longer than ${Math.round(jobTimeoutMs / 1000)} seconds and was stopped.`,
        ),
      ),
    jobTimeoutMs,
  )
  const onOuterAbort = () => controller.abort(outer?.reason)
  if (outer?.aborted) onOuterAbort()
  else outer?.addEventListener('abort', onOuterAbort, { once: true })
  const aborted = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(controller.signal.reason)
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
  })
  // Nobody may be racing it when it fires; the rejection is read through the races.
  aborted.catch(() => {})
  return {
    aborted,
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onOuterAbort)
    },
  }
}

export async function captureSite(
  pool: BrowserPool,
  options: {
    url: string
    allowLoopback?: EgressProxyOptions['allowLoopback']
    signal?: AbortSignal
    jobTimeoutMs?: number
    navigationTimeoutMs?: number
    /** Each bounded wait after load (network idle, lazy images, fonts). */
    settleTimeoutMs?: number
    /** Passed to each page load's proxy (tests lower the limits). */
    proxy?: Omit<EgressProxyOptions, 'allowLoopback'>
    /** Some of REVIEW_BREAKPOINTS only, in their order (default all). */
    breakpoints?: readonly ReviewBreakpointName[]
    /** The quality audits that need the open page (default none). */
    audits?: CaptureAudits
    /** Called as each breakpoint's page load starts, for the review's live progress. */
    onBreakpoint?: (breakpoint: ReviewBreakpointName) => void | Promise<void>
    /** Called with each breakpoint's capture as soon as it is taken, while the next is loading. */
    onCapture?: (capture: CapturedBreakpoint) => void
  },
): Promise<SiteCapture> {
  const url = parseSiteUrl(options.url)
  const jobStarted = performance.now()
  const job = deadline(options.jobTimeoutMs ?? CAPTURE_JOB_TIMEOUT_MS, options.signal)
  const timings: Record<string, number> = {}
  const egress: EgressStats[] = []
  try {
    return await pool.use(async (browser) => {
      timings.browser = Math.round(performance.now() - jobStarted)
      const captures: CapturedBreakpoint[] = []
      let finalUrl = url.href
      const axe: Partial<Record<ReviewBreakpointName, AxeAudit>> = {}
      let documents: PageDocuments | undefined
      const wanted = options.breakpoints ?? REVIEW_BREAKPOINTS.map((b) => b.breakpoint)
      // A breakpoint's axe runs on its page while the next breakpoint loads; the page stays open until then.
      const auditing: OpenBreakpoint[] = []
      try {
        for (const viewport of REVIEW_BREAKPOINTS.filter((b) => wanted.includes(b.breakpoint))) {
          await options.onBreakpoint?.(viewport.breakpoint)
          const result = await captureBreakpoint(browser, url, viewport, {
            job,
            egress,
            timings,
            proxy: { ...options.proxy, allowLoopback: options.allowLoopback },
            navigationTimeoutMs: options.navigationTimeoutMs ?? CAPTURE_NAVIGATION_TIMEOUT_MS,
            settleTimeoutMs: options.settleTimeoutMs ?? CAPTURE_SETTLE_TIMEOUT_MS,
            axe: options.audits?.axe?.includes(viewport.breakpoint) ?? false,
            documents: Boolean(options.audits?.documents) && captures.length === 0,
          })
          if (captures.length === 0) finalUrl = result.finalUrl
          captures.push(result.capture)
          options.onCapture?.(result.capture)
          if (result.auditing) auditing.push(result.auditing)
          documents ??= result.documents
        }
        // Each audit's own failure is its report (auditAccessibility); what rejects here is the page
        // passing a limit meanwhile, or the job's deadline.
        const audits = await Promise.race([Promise.all(auditing.map((open) => open.audit)), job.aborted])
        for (const [index, open] of auditing.entries()) axe[open.breakpoint] = audits[index]
      } finally {
        // Closed at once when the capture failed; a no-op for those whose audit ended.
        await Promise.all(auditing.map((open) => open.close()))
      }
      timings.total = Math.round(performance.now() - jobStarted)
      return {
        finalUrl,
        captures,
        egress: mergeStats(egress),
        versions: { chromium: browser.version(), playwright: PLAYWRIGHT_VERSION },
        timings,
        ...(options.audits?.axe ? { axe } : {}),
        ...(documents ? { documents } : {}),
      }
    })
  } catch (error) {
    const failure = asCaptureError(error, job.signal)
    if (failure instanceof CaptureError) failure.egress ??= mergeStats(egress)
    throw failure
  } finally {
    job.dispose()
  }
}

type BreakpointJob = {
  job: Deadline
  egress: EgressStats[]
  timings: Record<string, number>
  proxy: EgressProxyOptions
  navigationTimeoutMs: number
  settleTimeoutMs: number
  /** Run axe on the page after its screenshot. */
  axe: boolean
  /** Keep the page's HTML for validation. */
  documents: boolean
}

type PageJob = BreakpointJob & {
  /**
   * Stops the page at once for `error`: its files passed CAPTURE_MAX_UNPACKED_BYTES once unpacked, or a
   * worker of it started a worker. The first call wins.
   */
  stop: (error: CaptureError) => void
}

type VisitResult = {
  capture: CapturedBreakpoint
  finalUrl: string
  /** Starts axe on the open page; called after the capture's own steps. */
  audit?: () => Promise<AxeAudit>
  documents?: PageDocuments
}

/** A breakpoint whose page stays open for its axe audit while the next breakpoint loads. */
type OpenBreakpoint = {
  breakpoint: ReviewBreakpointName
  /**
   * axe's report, once the page is closed; rejects as the capture would have if the page passed a limit
   * (CAPTURE_MAX_UNPACKED_BYTES, the proxy's) or started a nested worker while axe ran.
   */
  audit: Promise<AxeAudit>
  /** Closes the page and its proxy now, audit or not; once closed, a no-op. */
  close: () => Promise<void>
}

type BreakpointResult = Omit<VisitResult, 'audit'> & { auditing?: OpenBreakpoint }

/**
 * One breakpoint: its own proxy and its own context. The limits (25 MB, 300 requests) are per page
 * load, and each breakpoint loads the page afresh with an empty cache, as a first visitor would. With
 * `axe`, the page is left open for its audit (`auditing`), which the caller awaits and closes.
 */
async function captureBreakpoint(
  browser: Browser,
  url: URL,
  viewport: (typeof REVIEW_BREAKPOINTS)[number],
  options: BreakpointJob,
): Promise<BreakpointResult> {
  const proxy = await startEgressProxy(options.proxy)
  let context: BrowserContext | undefined
  // Past the unpacked cap, or once a worker starts a worker, the page is stopped at once (its context
  // closed below), whatever it was doing.
  let stopped: CaptureError | null = null
  let stop = (_error: CaptureError) => {}
  const stopping = new Promise<never>((_, reject) => {
    stop = (error) => {
      if (stopped) return
      stopped = error
      reject(error)
    }
  })
  stopping.catch(() => {})
  let closed: Promise<void> | undefined
  const close = () => {
    closed ??= (async () => {
      options.egress.push(proxy.stats())
      // Closing the context stops whatever the page was still doing, also after a timeout.
      const closing = (context as BrowserContext | undefined)?.close()
      if (closing) await bounded(closing, CAPTURE_CLOSE_TIMEOUT_MS).catch(() => {})
      await proxy.close()
    })()
    return closed
  }
  /** A limit passed after the document arrived still leaves a page with holes: not a fair capture. */
  const checkLimits = () => {
    const limit = limitReason(proxy.stats())
    if (limit) throw new CaptureError('too_large', limit)
    if (stopped) throw stopped
  }
  // What failed after the page was stopped failed because of it.
  const failure = (error: unknown) =>
    classifyFailure(
      stopped && !(error instanceof CaptureError) ? stopped : error,
      proxy.stats(),
      options.job.signal,
    )
  let leftOpen = false
  try {
    const visit = async () => {
      context = await browser.newContext({
        ...PAGE_SETTINGS,
        // Before navigation: media queries, responsive images and scripts read the width on load.
        viewport: { width: viewport.width, height: viewport.height },
        proxy: { server: proxy.url },
        serviceWorkers: 'block',
        acceptDownloads: false,
        permissions: [],
      })
      // The deadline passed while the context was being made: the finally below has already run.
      if (options.job.signal.aborted) {
        await context.close().catch(() => {})
        throw options.job.signal.reason
      }
      return visitPage(context, url, viewport, proxy, { ...options, stop })
    }
    const { audit, ...result } = await Promise.race([visit(), options.job.aborted, stopping])
    checkLimits()
    if (!audit) return result
    const started = performance.now()
    const audited = (async () => {
      try {
        const report = await Promise.race([audit(), stopping])
        checkLimits()
        return report
      } catch (error) {
        throw failure(error)
      } finally {
        options.timings[`${viewport.breakpoint}.axe`] = Math.round(performance.now() - started)
        await close()
      }
    })()
    // Read by the caller, after the next breakpoints; a rejection before then is not unhandled.
    audited.catch(() => {})
    leftOpen = true
    return { ...result, auditing: { breakpoint: viewport.breakpoint, audit: audited, close } }
  } catch (error) {
    throw failure(error)
  } finally {
    if (!leftOpen) await close()
  }
}

/**
 * The same for the site, the design image and the design's rendering from the reference
 * (scripts/content-render.ts): one pixel per CSS pixel, light, motion reduced.
 */
export const PAGE_SETTINGS = {
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
  colorScheme: 'light',
  reducedMotion: 'reduce',
  locale: 'en-US',
  timezoneId: 'UTC',
} as const

async function visitPage(
  context: BrowserContext,
  url: URL,
  viewport: (typeof REVIEW_BREAKPOINTS)[number],
  proxy: EgressProxy,
  options: PageJob,
): Promise<VisitResult> {
  const name = viewport.breakpoint
  const time = phaseTimer(options.timings, name)
  let page: Page | null = null
  /** While axe runs: it opens a blank page of its own in the context to put its results together. */
  let auditing = false
  // Popups (window.open, target=_blank) are closed as they appear; only our page stays (and axe's).
  context.on('page', async (opened) => {
    if (!page || opened === page) return
    if (auditing && !(await opened.opener().catch(() => null))) return
    void opened.close().catch(() => {})
  })
  await context.addInitScript(freezeScript, FREEZE_CSS)
  page = await context.newPage()
  // alert(), confirm() and beforeunload would otherwise block the page until someone answers.
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}))
  // The last document the page's own frame received: after a meta refresh or a script redirect it is not
  // the one page.goto answered with, and it is the page that has to load with a 2xx answer.
  const watch = await watchPage(context, page, {
    maxUnpackedBytes: CAPTURE_MAX_UNPACKED_BYTES,
    onUnpackedLimit: () => options.stop(unpackedLimitError(CAPTURE_MAX_UNPACKED_BYTES)),
    onNestedWorker: () => options.stop(nestedWorkerError(CAPTURE_MAX_UNPACKED_BYTES)),
  })
  let visited: VisitResult
  try {
    visited = await visitWatched(page, url, viewport, proxy, watch, { ...options, time })
  } catch (error) {
    watch.dispose()
    throw error
  }
  if (!options.axe) {
    watch.dispose()
    return visited
  }
  // After the screenshot, on the same page: axe judges what the capture shows (contrast included). The
  // caller starts it, so that it runs while the next breakpoint loads; the watch (its limits) goes on
  // until it ends. A page closed before its audit ends its watch with its context.
  const open = page
  const audit = async () => {
    auditing = true
    try {
      return await auditAccessibility(open)
    } finally {
      auditing = false
      watch.dispose()
    }
  }
  return { ...visited, audit }
}

async function visitWatched(
  page: Page,
  url: URL,
  viewport: (typeof REVIEW_BREAKPOINTS)[number],
  proxy: EgressProxy,
  watch: PageWatch,
  options: PageJob & { time: (phase: string) => void },
): Promise<VisitResult> {
  const { time } = options
  const navigationStarted = performance.now()
  let response: Response | null
  try {
    response = await page.goto(url.href, {
      waitUntil: 'domcontentloaded',
      timeout: options.navigationTimeoutMs,
    })
  } catch (error) {
    // A 204 or 205 answer has no page: Chromium drops the navigation (net::ERR_ABORTED), though the site
    // was reached and answered.
    const answered = watch.lastDocument()
    const status = answered?.status()
    if (answered && (status === 204 || status === 205)) {
      const text = answered.statusText()
      throw new CaptureError(
        'http_error',
        `The site answered with HTTP status ${status}${text ? ` (${text})` : ''}: an empty answer, not a page.`,
      )
    }
    // The document came but DOMContentLoaded did not: what held it (a script that runs on, a stylesheet
    // or a script it waits for) is said as such. Before an answer, the page still shows nothing to probe.
    if (answered && error instanceof Error && error.name === 'TimeoutError' && !limitReason(proxy.stats())) {
      const held = await whatHolds(page, watch, options.navigationTimeoutMs, 'loading')
      if (held) throw held
    }
    const said = navigationFailure(error, proxy.stats(), options.navigationTimeoutMs, url.href)
    // page.goto gave up for another reason (e.g. a script moved the page on at once, to an address
    // that failed): what that navigation met is the reason.
    const failed = watch.failedNavigation()
    if (!(said instanceof CaptureError) && failed)
      throw failedNavigationError(failed, proxy.stats(), options.navigationTimeoutMs)
    if (!(said instanceof CaptureError) && answered) await checkResponse(answered, proxy.stats())
    throw said
  }
  if (response) await checkResponse(response, proxy.stats())
  // A subresource that never ends must not sink the review: what has arrived by then is captured.
  const left = options.navigationTimeoutMs - (performance.now() - navigationStarted)
  await page.waitForLoadState('load', { timeout: Math.max(1, left) }).catch(() => {})
  // Unless the page cannot show anything without it (a stylesheet in <head>), or a script holds it.
  if (!(await drawsFrames(page))) {
    const held = await whatHolds(page, watch, options.navigationTimeoutMs, 'loading')
    if (held) throw held
  }
  time('navigate')

  const held = async () =>
    (await whatHolds(page, watch, options.navigationTimeoutMs, 'loaded')) ?? scriptKeptRunningError('loaded')
  if (!(await settle(page, options.settleTimeoutMs, CAPTURE_MAX_HEIGHT))) throw await held()
  // A meta refresh or a script may have moved the page on meanwhile: that page is the one judged.
  await page.waitForLoadState('load', { timeout: options.settleTimeoutMs }).catch(() => {})
  await checkDocument(watch, response, proxy, options.navigationTimeoutMs)
  const fonts = await bounded(
    page.evaluate(fontsSettled, options.settleTimeoutMs).catch(() => []),
    options.settleTimeoutMs + CAPTURE_PROBE_TIMEOUT_MS,
  )
  if (!fonts.done) throw await held()
  const failedFonts = fonts.value
  time('settle')

  const measured = await bounded(
    page.evaluate(freezeAndMeasure, FREEZE_CSS),
    options.settleTimeoutMs + CAPTURE_PROBE_TIMEOUT_MS,
  )
  let pageHeight: number
  if (measured.done) pageHeight = measured.value
  else {
    // No frame came: a page held by something is said so; one that only draws no frames is measured as is.
    const holds = await whatHolds(page, watch, options.navigationTimeoutMs, 'loaded')
    if (holds) throw holds
    const plain = await bounded(page.evaluate(measure), CAPTURE_PROBE_TIMEOUT_MS)
    if (!plain.done) throw scriptKeptRunningError('loaded')
    pageHeight = plain.value
  }
  const height = Math.min(Math.max(pageHeight, viewport.height), CAPTURE_MAX_HEIGHT)
  const png = await page.screenshot({
    type: 'png',
    fullPage: true,
    // The breakpoint's width exactly: horizontal overflow does not widen the capture.
    clip: { x: 0, y: 0, width: viewport.width, height },
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    timeout: 30_000,
  })
  time('screenshot')
  const elements = await readElements(page, height, options.settleTimeoutMs)
  time('elements')
  // Moved on while it was being measured and shot: the picture is not of the page that ended up showing.
  await checkDocument(watch, response, proxy, options.navigationTimeoutMs)
  const finalUrl = page.url()
  const tokens = await bounded(
    page.evaluate(readVerificationTokens, VERIFICATION_META_NAME).catch((): string[] => []),
    CAPTURE_PROBE_TIMEOUT_MS,
  )
  const verificationTokens = tokens.done ? tokens.value : []
  let documents: PageDocuments | undefined
  if (options.documents && response) {
    documents = await keepDocuments(page, response)
    time('documents')
  }
  return {
    capture: {
      breakpoint: viewport.breakpoint,
      width: viewport.width,
      png,
      height,
      pageHeight,
      failedFonts,
      finalUrl,
      verificationTokens,
      ...(elements ? { elements } : {}),
    },
    finalUrl,
    ...(documents ? { documents } : {}),
  }
}

/**
 * docs/product.md §10: the page the main frame ended on must have loaded with a 2xx answer. A meta refresh
 * or a script may have moved it to an address the proxy refused or that never answered, in which case
 * Chromium shows its own error page: that is the refusal (or the failure), never a page to score.
 */
async function checkDocument(
  watch: PageWatch,
  first: Response | null,
  proxy: EgressProxy,
  timeoutMs: number,
) {
  const failed = watch.failedNavigation()
  if (failed) throw failedNavigationError(failed, proxy.stats(), timeoutMs)
  const ended = watch.lastDocument()
  if (ended && ended !== first) await checkResponse(ended, proxy.stats())
}

/**
 * The page's visible elements right after its screenshot, so their boxes are where the capture draws
 * them, cut at its height. Bounded like the other in-page steps (the settle wait and the probe's
 * margin); a page that does not answer in time, or fails the walk twice, is reviewed without them: the
 * element review is an addition, never a reason to fail a review.
 */
async function readElements(
  page: Page,
  height: number,
  timeoutMs: number,
): Promise<PageElements | undefined> {
  const budgetMs = Math.min(ELEMENTS_WALK_MS, timeoutMs)
  const until = performance.now() + timeoutMs + CAPTURE_PROBE_TIMEOUT_MS
  // A walk that failed (not one that ran out of time) is tried once more, within the same bound.
  for (let attempt = 0; attempt < 2; attempt++) {
    const left = until - performance.now()
    if (left <= budgetMs) return undefined
    try {
      const read = await bounded(collectElements(page, { height, budgetMs }), left)
      return read.done ? read.value : undefined
    } catch {
      if (page.isClosed()) return undefined
    }
  }
  return undefined
}

/** Whether the page draws a frame soon. A page that stops answering because the browser went away throws. */
async function drawsFrames(page: Page): Promise<boolean> {
  try {
    return (await bounded(page.evaluate(nextFrame), CAPTURE_PROBE_TIMEOUT_MS)).done
  } catch (error) {
    if (page.isClosed() || !page.context().browser()?.isConnected()) throw error
    // The page navigated meanwhile (its context was destroyed): it is alive.
    return true
  }
}

/**
 * Why a page is stuck, after `waitedMs`: its main thread does not answer (a script that keeps running), or
 * it waits for a stylesheet or a script that never finished loading; null if none of these.
 */
async function whatHolds(
  page: Page,
  watch: PageWatch,
  waitedMs: number,
  phase: 'loading' | 'loaded',
): Promise<CaptureError | null> {
  let answers: boolean
  try {
    answers = (
      await bounded(
        page.evaluate(() => true),
        CAPTURE_PROBE_TIMEOUT_MS,
      )
    ).done
  } catch (error) {
    if (page.isClosed() || !page.context().browser()?.isConnected()) throw error
    answers = true
  }
  // A crashed or closed browser does not answer either: that is ours, not the page's.
  if (!page.context().browser()?.isConnected()) throw new Error('The browser went away.')
  if (!answers) return scriptKeptRunningError(phase)
  const stylesheet = watch.pending('stylesheet')[0]
  if (stylesheet) return resourceHungError('stylesheet', stylesheet, waitedMs)
  const script = watch.pending('script')[0]
  if (script) return resourceHungError('script', script, waitedMs)
  return null
}

/** Resolves to `fallback` if `promise` has not settled within `ms` (or rejects). */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise.catch(() => fallback),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}

const HTML_TYPE = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i

/**
 * The main document as the server sent it (after redirects), at most HTML_MAX_BYTES, and for a page
 * its scripts build the DOM they built. Anything that is not HTML is kept as no document.
 */
async function keepDocuments(page: Page, response: Response): Promise<PageDocuments> {
  const none: PageDocuments = { served: null, servedBytes: 0, rendered: null }
  if (!HTML_TYPE.test(response.headers()['content-type'] ?? '')) return none
  const declared = Number(response.headers()['content-length'])
  if (Number.isFinite(declared) && declared > HTML_MAX_BYTES)
    return { served: null, servedBytes: declared, rendered: null }
  const body = await within(response.body(), CAPTURE_DOCUMENT_TIMEOUT_MS, null)
  if (!body) return none
  if (body.length > HTML_MAX_BYTES) return { served: null, servedBytes: body.length, rendered: null }
  const served = body.toString('utf8')
  let rendered: string | null = null
  if (looksScriptBuilt(served)) {
    const content = await within(page.content(), CAPTURE_DOCUMENT_TIMEOUT_MS, null)
    if (content !== null && Buffer.byteLength(content) <= HTML_MAX_BYTES) rendered = content
  }
  return { served, servedBytes: body.length, rendered }
}

/**
 * How a review encodes a PNG that only passes between its own steps (the design, from its stored WebP,
 * to the score), never stored or sent: deflated lightly. PNG is lossless, so the pixels are the same at
 * any level; the default level spent a few hundred milliseconds a review on bytes nobody keeps.
 */
export const PASSING_PNG = { compressionLevel: 1 } as const

/**
 * A design image as the capture's Chromium shows it at `width`: PNG in, PNG out. An image already
 * `width` pixels wide is shown pixel for pixel on white (capture.test.ts compares the two), so it is
 * only flattened onto white and cut at CAPTURE_MAX_HEIGHT, without a browser; each review has three
 * designs to show, and the catalogue's are drawn at the breakpoints' widths. Any other width is scaled
 * by the browser (renderDesignInBrowser).
 */
export async function renderDesign(
  pool: BrowserPool,
  options: { png: Buffer; width: number },
): Promise<Buffer> {
  const sharp = await loadSharp()
  const { width, height } = await sharp(options.png).metadata()
  if (width !== options.width || !height) return renderDesignInBrowser(pool, options)
  return sharp(options.png)
    .flatten({ background: '#ffffff' })
    .extract({ left: 0, top: 0, width, height: Math.min(height, CAPTURE_MAX_HEIGHT) })
    .png(PASSING_PNG)
    .toBuffer()
}

/**
 * Shows a design image at `width` in a blank page and screenshots it with the capture's settings, so the
 * design and the capture come from the same Chromium. Bytes in, PNG out: the page is offline.
 */
export async function renderDesignInBrowser(
  pool: BrowserPool,
  options: { png: Buffer; width: number },
): Promise<Buffer> {
  return pool.use(async (browser) => {
    const context = await browser.newContext({
      ...PAGE_SETTINGS,
      viewport: { width: options.width, height: 600 },
      offline: true,
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      acceptDownloads: false,
    })
    try {
      const page = await context.newPage()
      const source = `data:image/png;base64,${options.png.toString('base64')}`
      await page.setContent(
        `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#fff}img{display:block;width:100%;height:auto}${FREEZE_CSS}</style></head><body><img alt="" src="${source}"></body></html>`,
        { waitUntil: 'load', timeout: 30_000 },
      )
      const image = page.locator('img')
      await image.evaluate((img: HTMLImageElement) => img.decode())
      const box = await image.boundingBox()
      if (!box || box.height < 1) throw new Error('The design image could not be shown.')
      // Clipped to the image: a design shorter than the viewport must not gain a white band.
      return await page.screenshot({
        type: 'png',
        fullPage: true,
        clip: {
          x: 0,
          y: 0,
          width: options.width,
          height: Math.min(Math.round(box.height), CAPTURE_MAX_HEIGHT),
        },
        animations: 'disabled',
        caret: 'hide',
        scale: 'css',
        timeout: 30_000,
      })
    } finally {
      await context.close().catch(() => {})
    }
  })
}

function phaseTimer(timings: Record<string, number>, prefix: string) {
  let last = performance.now()
  return (phase: string) => {
    const now = performance.now()
    timings[`${prefix}.${phase}`] = Math.round(now - last)
    last = now
  }
}

function mergeStats(all: EgressStats[]): EgressStats {
  const blocked: EgressStats['blocked'] = []
  for (const attempt of all.flatMap((stats) => stats.blocked)) {
    if (blocked.length >= EGRESS_MAX_BLOCKED_RECORDS) break
    if (!blocked.some((b) => b.host === attempt.host && b.reason === attempt.reason)) blocked.push(attempt)
  }
  return {
    requests: all.reduce((sum, stats) => sum + stats.requests, 0),
    bytes: all.reduce((sum, stats) => sum + stats.bytes, 0),
    blocked,
  }
}
