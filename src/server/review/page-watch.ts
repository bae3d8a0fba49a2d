import type { BrowserContext, CDPSession, Frame, Page, Request, Response } from 'playwright-core'

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
  /** Response bytes after decompression (gzip, br), every request of the page and its out-of-process frames. */
  unpackedBytes(): number
  dispose(): void
}

/**
 * Watches `page` from before its first navigation. `onUnpackedLimit` is called once when the unpacked
 * bytes pass `maxUnpackedBytes`. They are counted in the browser (CDP `Network.dataReceived`, whose
 * `dataLength` is the decoded size) because the egress proxy only sees bytes on the wire, and nothing at
 * all inside an https tunnel: a 200 KB gzip answer can unpack to gigabytes.
 */
export async function watchPage(
  context: BrowserContext,
  page: Page,
  options: { maxUnpackedBytes: number; onUnpackedLimit: () => void },
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

  const meter = async (target: Page | Frame) => {
    const session = await context.newCDPSession(target)
    if (disposed) return void session.detach().catch(() => {})
    sessions.push(session)
    session.on('Network.dataReceived', count)
    await session.send('Network.enable')
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
  await meter(page)

  return {
    lastDocument: () => lastDocument,
    failedNavigation: () => failed,
    pending: (kind) => [...open].filter((request) => request.resourceType() === kind).map((r) => r.url()),
    unpackedBytes: () => unpacked,
    dispose: () => {
      disposed = true
      for (const session of sessions) {
        session.off('Network.dataReceived', count)
        void session.detach().catch(() => {})
      }
    },
  }
}
