import type { BrowserContext, CDPSession, Frame, Page, Request, Response, Route } from 'playwright-core'

/**
 * What one capture's page is doing, seen from outside: the documents its own frame received or failed to
 * get, the requests still open, and the bytes its files add up to once unpacked. capture.ts reads it to
 * say why a page failed (docs/product.md §10).
 */

/** A navigation of the page's own frame that ended without an answer: Chromium shows its error page. */
export type FailedNavigation = { url: string; errorText: string }

export type PageWatch = {
  /** The last document the page's own frame received (after a meta refresh or a script redirect too). */
  lastDocument(): Response | null
  /** The page's own frame's last navigation, if it failed without an answer and nothing came after it. */
  failedNavigation(): FailedNavigation | null
  /** Addresses of the requests of this kind (any frame) that started and have not finished, oldest first. */
  pending(kind: 'stylesheet' | 'script'): string[]
  /**
   * Response bytes after decompression (gzip, br), every request of the page, its out-of-process frames
   * and the dedicated workers any of them start.
   */
  unpackedBytes(): number
  dispose(): void
}

/**
 * Watches `page` from before its first navigation. `onUnpackedLimit` is called once when the unpacked
 * bytes pass `maxUnpackedBytes`, and `onNestedWorker` once when a worker starts a worker of its own,
 * which a capture does not run (see `watchWorkers`). The bytes are counted in the browser (CDP
 * `Network.dataReceived`, whose `dataLength` is the decoded size) because the egress proxy only sees bytes on the wire, and nothing at
 * all inside an https tunnel: a 200 KB gzip answer can unpack to gigabytes. A dedicated worker's requests
 * are its own target's, which Chromium only lists to a session that asks to attach to the workers it
 * starts: see `watchWorkers`.
 */
export async function watchPage(
  context: BrowserContext,
  page: Page,
  options: { maxUnpackedBytes: number; onUnpackedLimit: () => void; onNestedWorker: () => void },
): Promise<PageWatch> {
  let lastDocument: Response | null = null
  let failed: FailedNavigation | null = null
  const answered = new WeakSet<Request>()
  const open = new Set<Request>()
  let unpacked = 0
  let overLimit = false
  const sessions: CDPSession[] = []
  const watchedFrames = new WeakSet<Frame>()
  let disposed = false

  const ownDocument = (request: Request) => {
    try {
      return request.isNavigationRequest() && request.frame() === page.mainFrame()
    } catch {
      // A service worker's request has no frame.
      return false
    }
  }

  page.on('request', (request) => void open.add(request))
  page.on('requestfinished', (request) => void open.delete(request))
  page.on('response', (answer) => {
    if (!ownDocument(answer.request())) return
    answered.add(answer.request())
    lastDocument = answer
    failed = null
  })
  page.on('requestfailed', (request) => {
    open.delete(request)
    if (!ownDocument(request) || answered.has(request)) return
    const errorText = request.failure()?.errorText ?? ''
    // Dropped, not failed: a download, a 204, a navigation replaced by a newer one. The page stays.
    if (/ERR_ABORTED/.test(errorText)) return
    failed = { url: request.url(), errorText }
  })

  const count = (event: { dataLength: number }) => {
    unpacked += event.dataLength
    if (unpacked > options.maxUnpackedBytes && !overLimit) {
      overLimit = true
      options.onUnpackedLimit()
    }
  }

  const workers = watchWorkers(count, options.onNestedWorker)

  const meter = async (target: Page | Frame) => {
    const session = await context.newCDPSession(target)
    if (disposed) return void session.detach().catch(() => {})
    sessions.push(session)
    session.on('Network.dataReceived', count)
    await session.send('Network.enable')
    // Failing here (the frame went away) must not start a second meter of the frame's bytes.
    await workers.watch(session).catch(() => {})
  }

  // A cross-site frame runs in a process of its own, whose requests the page's session does not see.
  const meterFrame = (frame: Frame) => {
    if (frame === page.mainFrame() || watchedFrames.has(frame)) return
    watchedFrames.add(frame)
    // A frame of the page's own process has no session of its own: the page's session counts it.
    meter(frame).catch(() => watchedFrames.delete(frame))
  }
  page.on('frameattached', meterFrame)
  page.on('framenavigated', meterFrame)
  // Every request of the page (its workers' too) waits while a worker's counting is being switched on,
  // and none goes out once a worker has started a worker.
  const hold = (route: Route) => workers.held(route)
  await page.route('**/*', hold)
  await meter(page)

  return {
    lastDocument: () => lastDocument,
    failedNavigation: () => failed,
    pending: (kind) => [...open].filter((request) => request.resourceType() === kind).map((r) => r.url()),
    unpackedBytes: () => unpacked,
    dispose: () => {
      disposed = true
      workers.dispose()
      void page.unroute('**/*', hold).catch(() => {})
      for (const session of sessions) {
        session.off('Network.dataReceived', count)
        void session.detach().catch(() => {})
      }
    },
  }
}

/** Longest a request waits for a worker's counting to be on; past it the request is dropped, not let through. */
const WORKER_READY_TIMEOUT_MS = 5000

type Message = {
  id?: number
  method?: string
  params?: Record<string, unknown>
  error?: { message?: string }
}
type AttachedTarget = {
  sessionId: string
  targetInfo: { type: string }
}

/** A target reached in the protocol's nested mode: commands go to it, and its answers come back, wrapped. */
type Link = {
  /** A worker's, rather than the page's or a frame's. */
  worker: boolean
  call(method: string, params?: Record<string, unknown>): Promise<unknown>
}

/**
 * Counts what dedicated workers download (docs/product.md §10), and refuses a worker's own worker. Sessions
 * of this client cannot take part in the flat mode, whose child sessions only Playwright's own connection
 * routes, so each worker is reached through its parent's session (`Target.sendMessageToTarget`), and the
 * workers it starts are listed through its own.
 *
 * Chromium starts a worker as soon as Playwright's own session lets it, not when ours has switched on
 * counting, so a worker could fetch before `Network.enable` reaches it and that answer would go uncounted.
 * `held` closes that gap: it is the page's request handler, and keeps every request waiting while a
 * worker is attached whose counting is not on yet. A worker's attachment reaches this client before any
 * request of the worker does (the target exists before it runs), and the workers a worker started before
 * our auto-attach reached it are listed before that auto-attach answers, so they are waited for too.
 *
 * A worker's own worker (a dedicated worker started by a dedicated worker) is not counted but refused:
 * its count, two nested sessions deep, sometimes stopped partway on a busy machine and let a
 * decompression bomb through, and this client cannot stop such a worker (Chromium cannot close a worker
 * target, and Playwright's own session lets a worker run whatever ours waits for). Its attachment reaches
 * us as it starts (though its first request can be let through just before), `onNested` ends the capture
 * then, and `held` lets no request of the page through any more (docs/product.md §10).
 */
function watchWorkers(count: (event: { dataLength: number }) => void, onNested: () => void) {
  /** Workers attached whose counting is not on yet. */
  const starting = new Set<Promise<void>>()
  /** Every worker's link by session, to hand it its messages and to close it. */
  const links = new Map<string, { receive(raw: string): void; close(): void }>()
  let disposed = false
  /** A worker started a worker: no request of the page goes out any more. */
  let refused = false

  /** What a session (the page's, a frame's or a worker's) says about its own bytes and its workers. */
  const onEvent = (parent: Link, method: string | undefined, params: Record<string, unknown>) => {
    if (method === 'Network.dataReceived') count(params as { dataLength: number })
    else if (method === 'Target.attachedToTarget') attach(parent, params as AttachedTarget)
    else if (method === 'Target.receivedMessageFromTarget')
      links.get(params.sessionId as string)?.receive(params.message as string)
    else if (method === 'Target.detachedFromTarget') links.get(params.sessionId as string)?.close()
  }

  const autoAttach = {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
    filter: [{ type: 'worker' }],
  }

  const attach = (parent: Link, { sessionId, targetInfo }: AttachedTarget) => {
    if (disposed || targetInfo.type !== 'worker') return
    if (parent.worker) {
      if (!refused) {
        refused = true
        onNested()
      }
      return
    }
    let nextId = 0
    const answers = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
    const link: Link = {
      worker: true,
      call: (method, params) =>
        new Promise((resolve, reject) => {
          const id = ++nextId
          answers.set(id, { resolve, reject })
          const message = JSON.stringify({ id, method, params })
          parent.call('Target.sendMessageToTarget', { sessionId, message }).catch((error: Error) => {
            answers.delete(id)
            reject(error)
          })
        }),
    }
    const close = () => {
      links.delete(sessionId)
      for (const answer of answers.values()) answer.reject(new Error('The worker is gone.'))
      answers.clear()
    }
    links.set(sessionId, {
      receive: (raw) => {
        let message: Message
        try {
          message = JSON.parse(raw) as Message
        } catch {
          return
        }
        if (message.id === undefined) return onEvent(link, message.method, message.params ?? {})
        const answer = answers.get(message.id)
        answers.delete(message.id)
        if (message.error) answer?.reject(new Error(message.error.message ?? 'Protocol error'))
        else answer?.resolve(message)
      },
      close,
    })
    // Ready once both have answered: its own bytes are counted, and the workers it had already started
    // are listed (before the auto-attach answers), so they are waited for in turn.
    // allSettled, not all: one refusal must not end the wait before the other has answered.
    const ready = Promise.allSettled([
      link.call('Network.enable'),
      link.call('Target.setAutoAttach', autoAttach),
    ]).then(() => {})
    starting.add(ready)
    void ready.then(() => starting.delete(ready))
  }

  return {
    /** Attaches to the workers `session`'s target starts, and hears of theirs. */
    async watch(session: CDPSession) {
      const root: Link = {
        worker: false,
        call: (method, params) => session.send(method as 'Target.sendMessageToTarget', params as never),
      }
      for (const method of [
        'Target.attachedToTarget',
        'Target.receivedMessageFromTarget',
        'Target.detachedFromTarget',
      ])
        session.on(method as 'Target.attachedToTarget', (params) =>
          onEvent(root, method, params as unknown as Record<string, unknown>),
        )
      await root.call('Target.setAutoAttach', autoAttach)
    },
    async held(route: Route) {
      const started = performance.now()
      while (starting.size > 0 && !disposed && !refused) {
        const left = WORKER_READY_TIMEOUT_MS - (performance.now() - started)
        if (left <= 0) return void (await route.abort().catch(() => {}))
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          Promise.all(starting),
          new Promise((resolve) => {
            timer = setTimeout(resolve, left)
          }),
        ])
        clearTimeout(timer)
      }
      if (refused) return void (await route.abort().catch(() => {}))
      await route.fallback().catch(() => {})
    },
    dispose() {
      disposed = true
      for (const link of [...links.values()]) link.close()
    },
  }
}
