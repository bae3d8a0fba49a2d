import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import compression from 'compression'

/** Bodies below this size gain nothing from compression (the catalogue's precompressed ones use it too). */
export const COMPRESS_THRESHOLD_BYTES = 1024

type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean

/**
 * The server's request handler: the catalogue's fixed answers first (catalogue/fast-path.ts), then the
 * app. Answers built per request (API JSON, server-rendered HTML) are compressed here, on node:http's
 * response, rather than by a Hono middleware: one that reads the app's Response after the handler
 * must turn every answer into a web stream (and compress bodies of any size, as Hono's JSON has no
 * length), which cost member reads more than half their throughput (issue 9). Here the length is known
 * when the headers are written, so small answers go out as they are; answers already encoded
 * (precompressed files and catalogue bodies) and `no-transform` ones are left alone.
 *
 * The length is a header because every answer of the app carries security headers: @hono/node-server
 * then writes Content-Length with the others (for an answer with no header at all it would set the
 * length privately, and compression would take even a small body for one of unknown length).
 */
export function createRequestHandler(
  fetch: (request: Request) => Response | Promise<Response>,
  fastPath: FastPath | null = null,
): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(fetch)
  const compress = compression({ threshold: COMPRESS_THRESHOLD_BYTES })
  return (req, res) => {
    if (fastPath?.(req, res)) return
    // compression's express-style `next` runs synchronously once it has wrapped the response.
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      void listener(req, res)
    })
  }
}
