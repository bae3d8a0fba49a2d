import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { CHROMIUM_ARGS, chromiumEnv, resolveChromium } from '#server/chromium.ts'
import { CAPTURE_ARGS } from '#server/review/browser-pool.ts'
import { type EgressProxyOptions, startEgressProxy } from '#server/review/egress-proxy.ts'
import {
  LIGHTHOUSE_CATEGORIES,
  type LighthouseAudit,
  type LighthouseCategory,
  type LighthouseFailingAudit,
} from '#shared/review.ts'

/**
 * Lighthouse (desktop settings) on a review's desktop address, in its own Chromium whose only way out is
 * a fresh egress proxy with the capture's rules: the same SSRF protection and limits as the capture.
 * One run at a time per process (Lighthouse keeps process-wide state, and two runs on two cores would
 * skew each other's performance score), each bounded in time. It never throws: a failure is the
 * report's "not available" with the reason.
 *
 * Lighthouse runs in a worker thread: a run stopped half-way (its time is up, the review was stopped)
 * leaves promises inside Lighthouse that reject with nobody listening, which in the process's own thread
 * would end it. That worker is terminated instead, and its memory (a run takes ~100 MB) goes with it. A
 * worker whose run ended with its scores stays for the next run, its code loaded, and so does one a
 * review never asked (it failed or was stopped before its audits); each run has its own
 * Chromium and proxy, started while the review captures the site (`startLighthouse`).
 * For a server's reviews that process is the review engine's child (engine-process.ts), under its
 * memory limit, not the server (docs/decisions/013-review-engine-process.md).
 */

const require = createRequire(import.meta.url)
export const LIGHTHOUSE_VERSION: string = require('lighthouse/package.json').version

/** A run's budget, from Chromium's start to the scores; waiting for an earlier run is not counted. */
export const LIGHTHOUSE_TIMEOUT_MS = 60_000
const MAX_REASON = 300

export type LighthouseOptions = {
  url: string
  /** Tests only (refused in production by the proxy), as for the capture. */
  allowLoopback?: EgressProxyOptions['allowLoopback']
  signal?: AbortSignal
  timeoutMs?: number
}

export type LighthouseResult = { audit: LighthouseAudit; version: string }
export type RunLighthouse = (options: LighthouseOptions) => Promise<LighthouseResult>

/** What the worker sends back: the little the report keeps, not the whole result. */
type WorkerAnswer =
  | {
      version: string
      runtimeError: string | null
      scores: Record<LighthouseCategory, number | null>
      /** lhr.audits with only the fields `failingAudits` reads. */
      audits: Record<string, unknown>
    }
  | { error: string }

/**
 * The worker's code, a plain script (no build step can rename anything in it): Lighthouse's desktop
 * settings with ours on top; error reporting is a CLI feature and stays off through the Node API.
 * It loads Lighthouse and resolves the configuration (which loads every audit's and gatherer's code)
 * as soon as it starts, then runs once for each address and Chromium port it is sent: that loading,
 * about three seconds of a core, is done once per process, not once per review.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const loading = (async () => {
  const { default: lighthouse, desktopConfig } = await import(workerData.module)
  const config = {
    extends: 'lighthouse:default',
    settings: { ...desktopConfig.settings, ...workerData.settings },
  }
  const { initializeConfig } = await import(workerData.configModule)
  await initializeConfig('navigation', config)
  return { lighthouse, config }
})()
loading.catch(() => {})
parentPort.on('message', ({ url, port }) =>
  (async () => {
    const { lighthouse, config } = await loading
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'silent', locale: 'en-US' },
      config,
    )
    const lhr = result && result.lhr
    if (!lhr) return parentPort.postMessage({ error: 'Lighthouse returned no result.' })
    const scores = {}
    for (const id of workerData.categories) {
      const category = lhr.categories[id]
      scores[id] = category && typeof category.score === 'number' ? category.score : null
    }
    const audits = {}
    for (const [id, audit] of Object.entries(lhr.audits || {})) {
      audits[id] = {
        id: audit.id,
        title: audit.title,
        description: audit.description,
        score: audit.score,
        scoreDisplayMode: audit.scoreDisplayMode,
      }
    }
    parentPort.postMessage({
      version: lhr.lighthouseVersion,
      runtimeError: lhr.runtimeError ? lhr.runtimeError.message : null,
      scores,
      audits,
    })
  })().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) })),
)
`

const SETTINGS = {
  onlyCategories: [...LIGHTHOUSE_CATEGORIES],
  // Weightless audits that cost a screenshot or a second navigation; the scores are the same.
  skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'bf-cache'],
  disableFullPageScreenshot: true,
  maxWaitForFcp: 15_000,
  maxWaitForLoad: 35_000,
}

let tail: Promise<unknown> = Promise.resolve()

/** Runs `task` after every task queued before it has ended, whatever their outcome. */
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const run = tail.then(task, task)
  tail = run.catch(() => {})
  return run
}

const clip = (text: string) => (text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text)

const unavailable = (reason: string): LighthouseResult => ({
  audit: { status: 'unavailable', reason: clip(reason) },
  version: LIGHTHOUSE_VERSION,
})

const validScore = (value: unknown): number | null =>
  typeof value === 'number' && value >= 0 && value <= 1 ? value : null

/** How many failing audits the report keeps, and how long each description may be. */
export const MAX_FAILING_AUDITS = 10
const MAX_DESCRIPTION = 200
/** Below this an audit fails: Lighthouse's own line between its orange and green. */
const PASSING_SCORE = 0.9
/** The audits with a score that means pass or fail; informative, manual, not applicable and errored ones have none. */
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings'])

/** A Markdown link in Lighthouse's descriptions: `[text](url)`. */
const MARKDOWN_LINK = /\[([^\]]*)\]\(([^)\s]*)\)/g

/** Cut at a word boundary to at most `max` characters, an ellipsis saying so. */
function clipWords(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`
}

/**
 * A Lighthouse description (Markdown) as one plain sentence or two: its "Learn more" link taken out
 * (its address is returned apart), any other link reduced to its text, code marks dropped.
 */
export function plainDescription(markdown: string): { description: string; url?: string } {
  let url: string | undefined
  const text = markdown
    .replace(MARKDOWN_LINK, (_match, label: string, href: string) => {
      if (/^learn\b/i.test(label.trim())) {
        if (!url && /^https:\/\//.test(href)) url = href
        return ''
      }
      return label
    })
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    // What the removed link leaves: a space before a full stop, or a full stop alone at the end.
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/([.!?])\s*\.$/, '$1')
    .trim()
  return url
    ? { description: clipWords(text, MAX_DESCRIPTION), url }
    : { description: clipWords(text, MAX_DESCRIPTION) }
}

/**
 * The audits of a Lighthouse result (`lhr.audits`) that the page fails, lowest score first (Lighthouse's
 * order among equals), at most `MAX_FAILING_AUDITS`: what a member fixes first. Anything not shaped like
 * an audit is skipped.
 */
export function failingAudits(audits: unknown): LighthouseFailingAudit[] {
  if (typeof audits !== 'object' || audits === null) return []
  const failing: Array<LighthouseFailingAudit & { score: number }> = []
  for (const audit of Object.values(audits as Record<string, unknown>)) {
    if (typeof audit !== 'object' || audit === null) continue
    const { id, title, description, score, scoreDisplayMode } = audit as Record<string, unknown>
    if (typeof id !== 'string' || typeof title !== 'string') continue
    if (typeof score !== 'number' || score >= PASSING_SCORE || score < 0) continue
    if (typeof scoreDisplayMode !== 'string' || !SCORED_MODES.has(scoreDisplayMode)) continue
    const plain = plainDescription(typeof description === 'string' ? description : '')
    failing.push({
      id,
      title: clipWords(title.replace(/`([^`]*)`/g, '$1').trim(), MAX_DESCRIPTION),
      ...plain,
      score,
    })
  }
  // Array sort is stable: equal scores keep Lighthouse's order.
  return failing
    .sort((a, b) => a.score - b.score)
    .slice(0, MAX_FAILING_AUDITS)
    .map(({ score: _score, ...audit }) => audit)
}

/** Lighthouse on `options.url`: its Chromium and worker started, the run, and both stopped after. */
export const runLighthouse: RunLighthouse = (options) =>
  exclusive(async () => {
    const warm = warmUp(options)
    try {
      return await runStarted(warm, options)
    } finally {
      await warm.dispose()
    }
  })

/**
 * Lighthouse made ready ahead of its run: its egress proxy, its Chromium and its worker (with
 * Lighthouse's code loaded) start at once, while the review captures the site; `run` tests the address
 * once everything before it in this process has ended, and `dispose` stops all three (call it in any
 * case; a second call does nothing). Only the run itself, from the address to the scores, is measured
 * as the page's: nothing of the review runs beside it.
 */
export type StartedLighthouse = {
  /** The run; its `allowLoopback` is the one given to `startLighthouse`. */
  run: RunLighthouse
  dispose: () => Promise<void>
}

type Listener = (value: unknown) => void

type Warm = {
  proxy: Promise<Awaited<ReturnType<typeof startEgressProxy>>>
  chrome: Promise<{ port: number; kill: () => void }>
  worker: Worker
  /** Listens on the worker for this run only: `dispose` takes the listener off. */
  listen: (event: string, listener: Listener) => void
  /** The worker's failure before it was asked anything (its code did not load). */
  failed: Promise<never>
  dispose: () => Promise<void>
  /** Set when the run ended with the scores: the worker may run again. */
  reusable: boolean
  /** Set when the worker was asked to run: until then it only loads its code, and may be kept. */
  asked: boolean
  /** Set when the worker failed or ended: it is never kept. */
  ended: boolean
}

export function startLighthouse(options: Pick<LighthouseOptions, 'allowLoopback'>): StartedLighthouse {
  const warm = warmUp(options)
  return {
    run: (runOptions) => exclusive(() => runStarted(warm, runOptions)),
    dispose: warm.dispose,
  }
}

function warmUp(options: Pick<LighthouseOptions, 'allowLoopback'>): Warm {
  const proxy = startEgressProxy({ allowLoopback: options.allowLoopback })
  const chrome = (async () => {
    const [chromeLauncher, { url }, chromePath, envVars] = await Promise.all([
      import('chrome-launcher'),
      proxy,
      resolveChromium(),
      chromiumEnv(),
    ])
    return chromeLauncher.launch({
      chromePath,
      envVars,
      chromeFlags: [
        ...CHROMIUM_ARGS,
        ...CAPTURE_ARGS,
        `--proxy-server=${url}`,
        // Chromium sends loopback addresses past a proxy unless told not to: the proxy judges them too.
        '--proxy-bypass-list=<-loopback>',
      ],
      logLevel: 'silent',
    })
  })()
  chrome.catch(() => {})
  const worker = lighthouseWorker()
  // Only this run's own listeners are ever removed: the Worker's own machinery listens on it too.
  const listeners: Array<[string, Listener]> = []
  const listen = (event: string, listener: Listener) => {
    worker.on(event, listener)
    listeners.push([event, listener])
  }
  const failed = new Promise<never>((_, reject) => {
    listen('error', (error) => {
      warm.ended = true
      reject(error)
    })
    listen('exit', (code) => {
      warm.ended = true
      reject(new Error(`Lighthouse's worker ended (exit code ${code}).`))
    })
  })
  failed.catch(() => {})
  let disposed: Promise<void> | undefined
  const dispose = () => {
    disposed ??= (async () => {
      for (const [event, listener] of listeners) worker.off(event, listener)
      // A worker whose run ended with its scores is kept for the next, and so is one never asked (the
      // review ended before its audits); one still running, or whose run failed, is stopped where it
      // is, and whatever it left pending goes with it.
      const idle = !warm.asked && !warm.ended
      if ((warm.reusable || idle) && !spare) keepSpare(worker)
      else await worker.terminate().catch(() => {})
      // A launch still under way is waited for (chrome-launcher bounds it) and its browser killed, so
      // the next run never shares the machine with this one's Chromium.
      const browser = await chrome.catch(() => undefined)
      browser?.kill()
      await (await proxy.catch(() => undefined))?.close()
    })()
    return disposed
  }
  const warm: Warm = {
    proxy,
    chrome,
    worker,
    listen,
    failed,
    dispose,
    reusable: false,
    asked: false,
    ended: false,
  }
  return warm
}

/** An idle worker with Lighthouse's code loaded, its last run ended with its scores. */
let spare: Worker | undefined

function lighthouseWorker(): Worker {
  const reused = spare
  spare = undefined
  if (reused) {
    reused.off('exit', forgetSpare)
    reused.ref()
    return reused
  }
  const created = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      module: pathToFileURL(require.resolve('lighthouse')).href,
      configModule: pathToFileURL(
        join(dirname(require.resolve('lighthouse/package.json')), 'core/config/config.js'),
      ).href,
      settings: SETTINGS,
      categories: LIGHTHOUSE_CATEGORIES,
    },
  })
  // A run listens for its own failures; between runs an error must not end the process (the worker
  // ends with it, and `forgetSpare` lets it go).
  created.on('error', () => {})
  return created
}

/** Keeps `worker` for the next run; it does not hold the process open while it waits. */
function keepSpare(worker: Worker): void {
  worker.once('exit', forgetSpare)
  worker.unref()
  spare = worker
}

/** The kept worker's thread id, if one is kept: for the tests. */
export function spareLighthouseWorker(): number | null {
  return spare?.threadId ?? null
}

function forgetSpare(this: Worker): void {
  if (spare === this) spare = undefined
}

async function runStarted(warm: Warm, options: LighthouseOptions): Promise<LighthouseResult> {
  if (options.signal?.aborted) return unavailable('The review was stopped before Lighthouse ran.')
  const timeoutMs = options.timeoutMs ?? LIGHTHOUSE_TIMEOUT_MS
  let timer: NodeJS.Timeout | undefined
  let onAbort = () => {}
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Lighthouse did not finish within ${Math.round(timeoutMs / 1000)} seconds.`)),
      timeoutMs,
    )
    onAbort = () => reject(new Error('The review was stopped while Lighthouse ran.'))
    options.signal?.addEventListener('abort', onAbort, { once: true })
  })
  stopped.catch(() => {})
  try {
    const [proxy, chrome] = await Promise.race([Promise.all([warm.proxy, warm.chrome]), stopped])
    const answer = await Promise.race([
      new Promise<WorkerAnswer>((resolve) => {
        warm.listen('message', (answer) => resolve(answer as WorkerAnswer))
        warm.asked = true
        warm.worker.postMessage({ url: options.url, port: chrome.port })
      }),
      warm.failed,
      stopped,
    ])
    const limit = proxy.stats().blocked.find((attempt) => attempt.host === '*')?.reason
    if (limit) return unavailable(`Lighthouse stopped: ${limit}`)
    if ('error' in answer) return unavailable(`Lighthouse could not test the page: ${answer.error}`)
    if (answer.runtimeError) return unavailable(`Lighthouse could not test the page: ${answer.runtimeError}`)
    warm.reusable = true
    return {
      audit: {
        status: 'done',
        scores: {
          performance: validScore(answer.scores.performance),
          accessibility: validScore(answer.scores.accessibility),
          'best-practices': validScore(answer.scores['best-practices']),
          seo: validScore(answer.scores.seo),
        },
        failing: failingAudits(answer.audits),
      },
      version: answer.version || LIGHTHOUSE_VERSION,
    }
  } catch (error) {
    return unavailable(
      `Lighthouse could not test the page: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    )
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
    // One run per Chromium: the run's end stops it, and the worker unless its run ended cleanly.
    await warm.dispose()
  }
}
