import {
  createServer,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http'

/** How long a stopping server lets requests in flight finish; then their connections are cut. */
export const SHUTDOWN_DRAIN_MS = 10_000

/** How often idle keep-alive connections are closed while draining: one whose request just ended. */
const IDLE_SWEEP_MS = 100

export type DrainableServer = {
  server: Server
  /**
   * Stops accepting connections and lets the requests in flight finish, at most `drainMs`. Their
   * answers say `Connection: close`, and keep-alive connections are closed as soon as they are idle, so
   * no client holds the server open. Resolves true when every connection ended by itself, false when
   * the cap cut some.
   */
  drain(drainMs?: number): Promise<boolean>
}

/** An HTTP server that can stop gracefully (SIGTERM in index.ts); `options` go to node:http. */
export function createDrainableServer(
  handler: RequestListener,
  options: ServerOptions = {},
): DrainableServer {
  const inFlight = new Set<ServerResponse>()
  // One function for every response ('close' comes once): once() would make a wrapper and a closure
  // on each request.
  function ended(this: ServerResponse) {
    inFlight.delete(this)
  }
  let draining = false
  const server = createServer(options, (req, res) => {
    if (draining) res.setHeader('Connection', 'close')
    else {
      inFlight.add(res)
      res.on('close', ended)
    }
    handler(req, res)
  })

  const drain = (drainMs = SHUTDOWN_DRAIN_MS) =>
    new Promise<boolean>((resolve) => {
      draining = true
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
      let settled = false
      const finish = (drained: boolean) => {
        if (settled) return
        settled = true
        clearInterval(sweep)
        clearTimeout(cap)
        resolve(drained)
      }
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
      const cap = setTimeout(() => {
        server.closeAllConnections()
        finish(false)
      }, drainMs)
      server.close(() => finish(true))
      server.closeIdleConnections()
    })

  return { server, drain }
}
