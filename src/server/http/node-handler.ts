import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { SecurityHeaders } from '#server/http/security-headers.ts'
import { serverResponseClass } from '#server/http/server-response.ts'

export { COMPRESS_THRESHOLD_BYTES } from '#server/http/server-response.ts'

export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean

/**
 * node:http options for the server that runs `createRequestHandler`: its responses carry the security
 * headers and compress answers built per request (API JSON, server-rendered HTML) as they are written
 * (server-response.ts). Every server that answers for the app must be created with them.
 */
export function httpServerOptions(headers: SecurityHeaders): ServerOptions {
  return { ServerResponse: serverResponseClass(headers) }
}

/**
 * The server's request handler: the catalogue's fixed answers first (catalogue/fast-path.ts), then the app.
 * Compression happens on node:http's response rather than in a Hono middleware: one that reads the app's
 * Response after the handler must turn every answer into a web stream (and compress bodies of any size, as
 * Hono's JSON has no length), which cost member reads more than half their throughput
 * (docs/decisions/009-headers-and-compression-on-the-response.md). There the length is known when the head is
 * written, so small answers go out as they are; answers already encoded (precompressed files and catalogue
 * bodies) and `no-transform` ones are left alone.
 */
export function createRequestHandler(
  fetch: (request: Request) => Response | Promise<Response>,
  fastPath: FastPath | null = null,
): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(fetch)
  return (req, res) => {
    if (fastPath?.(req, res)) return
    void listener(req, res)
  }
}
