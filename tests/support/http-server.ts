import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequestHandler, type FastPath, httpServerOptions } from '#server/http/node-handler.ts'
import type { SecurityHeaders } from '#server/http/security-headers.ts'

type Fetchable = { fetch(request: Request): Response | Promise<Response> }

/**
 * `app` behind a real node:http server on loopback, built as index.ts builds it, for what only the
 * server adds to an answer: the security headers and compression (http/server-response.ts), and the
 * catalogue's fast path before the app when one is given (catalogue/fast-path.ts). Requests never
 * follow redirects. The server does not keep the test process alive.
 */
export async function serveOverHttp(
  app: Fetchable,
  headers: SecurityHeaders,
  fastPath: FastPath | null = null,
) {
  const server = createServer(httpServerOptions(headers), createRequestHandler(app.fetch, fastPath))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    request: (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, origin), { redirect: 'manual', signal: AbortSignal.timeout(10_000), ...init }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
