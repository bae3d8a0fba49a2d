import { createBrowserPool } from '#server/review/browser-pool.ts'
import type { EngineMessage, ParentMessage } from '#server/review/engine-process.ts'
import { runEngineReview } from '#server/review/engine-work.ts'

/**
 * The review engine's child process (engine-process.ts starts it, docs/decisions/013-review-engine-process.md):
 * runs the reviews its parent sends, one at a time, with its own Chromium, and answers each with the
 * result or the error. It ends when its parent disconnects or goes away, its browsers with it.
 */

/** Closing the browsers when the parent has gone: quick, but never waited for without end. */
const EXIT_TIMEOUT_MS = 5000

const pool = createBrowserPool()
const running = new Map<number, AbortController>()
/** The reviews under way, settled or not: a stopping child lets them end (Lighthouse kills its Chromium). */
const underWay = new Set<Promise<unknown>>()

const send = (message: EngineMessage) => {
  if (process.connected) process.send?.(message)
}

process.on('message', async (message: ParentMessage) => {
  const { id } = message
  const controller = new AbortController()
  running.set(id, controller)
  const review = runEngineReview(pool, message.request, {
    signal: controller.signal,
    onStage: (stage) => send({ type: 'stage', id, stage }),
  })
  underWay.add(review)
  try {
    const result = await review
    send({ type: 'done', id, result })
  } catch (error) {
    send({
      type: 'failed',
      id,
      error: {
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
        ...(typeof (error as { code?: unknown })?.code === 'string'
          ? { code: (error as { code: string }).code }
          : {}),
      },
    })
  } finally {
    running.delete(id)
    underWay.delete(review)
  }
})

// A promise a hostile page left behind inside the browser libraries must not end the reviews running
// here; the review itself still ends, bounded by its own time limits.
process.on('unhandledRejection', (reason) => {
  console.error('review engine: an unhandled rejection', reason)
})

process.on('disconnect', () => {
  for (const controller of running.values()) controller.abort(new Error('The server stopped.'))
  setTimeout(() => process.exit(0), EXIT_TIMEOUT_MS).unref()
  void Promise.allSettled([...underWay])
    .then(() => pool.close())
    .finally(() => process.exit(0))
})
