import type { ChildProcess } from 'node:child_process'
import { forkServerScript } from '#server/child-script.ts'
import type { BuiltChallenge, ImageBuilder } from '#server/content/build.ts'

/** One challenge's six conversions; a stuck one is killed rather than waited for. */
const CONVERT_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 5000

export type ImageReply = { id: number; images: BuiltChallenge['images'] } | { id: number; error: string }

/**
 * Converts design images in a child process for as long as `fn` runs. The image library decodes
 * full-page PNGs of tens of megapixels, and the memory it frees stays with the process (the C
 * allocator keeps it): ~200-300 MB that a server importing its catalogue on first start would
 * otherwise carry for its whole life. In a child process it goes back to the system at the end.
 */
export async function withImageProcess<T>(fn: (images: ImageBuilder) => Promise<T>): Promise<T> {
  let child: ChildProcess | null = null
  let nextId = 0
  const pending = new Map<
    number,
    {
      resolve: (images: BuiltChallenge['images']) => void
      reject: (error: Error) => void
      timer: NodeJS.Timeout
    }
  >()
  const failAll = (error: Error) => {
    for (const request of pending.values()) {
      clearTimeout(request.timer)
      request.reject(error)
    }
    pending.clear()
  }

  const start = (): ChildProcess => {
    const created = forkServerScript(
      {
        built: new URL('./image-worker.js', import.meta.url),
        source: new URL('./image-worker.ts', import.meta.url),
      },
      [],
      { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    )
    created.on('message', (reply: ImageReply) => {
      const request = pending.get(reply.id)
      if (!request) return
      pending.delete(reply.id)
      clearTimeout(request.timer)
      if ('error' in reply) request.reject(new Error(reply.error))
      else request.resolve(reply.images)
    })
    created.on('error', failAll)
    created.on('exit', (code, signal) => {
      if (child === created) child = null
      failAll(new Error(`the image conversion process stopped (${signal ?? `exit code ${code}`})`))
    })
    return created
  }

  const build: ImageBuilder = (challenge) =>
    new Promise((resolve, reject) => {
      child ??= start()
      const worker = child
      const id = ++nextId
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(
          new Error(
            `converting the design images of ${challenge.slug} took longer than ${CONVERT_TIMEOUT_MS / 1000} s`,
          ),
        )
        worker.kill('SIGKILL')
      }, CONVERT_TIMEOUT_MS)
      pending.set(id, { resolve, reject, timer })
      worker.send({ id, challenge })
    })

  try {
    return await fn(build)
  } finally {
    const last = child as ChildProcess | null
    child = null
    if (last && last.exitCode === null && last.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => last.kill('SIGKILL'), STOP_TIMEOUT_MS)
        last.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
        last.disconnect()
      })
    }
  }
}
