import { buildImagesInProcess } from '#server/content/build.ts'
import type { ImageReply } from '#server/content/image-process.ts'
import type { LoadedChallenge } from '#server/content/load.ts'

/**
 * The child process that converts design images for an import (see image-process.ts). It answers
 * each request in turn and ends when its parent disconnects or goes away.
 */
process.on('message', async (message: { id: number; challenge: LoadedChallenge }) => {
  let reply: ImageReply
  try {
    reply = { id: message.id, images: await buildImagesInProcess(message.challenge) }
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) }
  }
  process.send?.(reply)
})
process.on('disconnect', () => process.exit(0))
