import type { IncomingMessage } from 'node:http'

/**
 * One request header, read from node:http's raw list. `req.headers` is an object node:http builds on
 * first use, from that same list; code on every request's path (the fast path, the response's
 * compression decision) reads the one or two headers it needs without building it. Repeated headers
 * are joined with ", ", as node:http joins these. `name` is lower case.
 */
export function requestHeader(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders
  let value: string | undefined
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i] as string
    if (key.length !== name.length || key.toLowerCase() !== name) continue
    const found = raw[i + 1] as string
    value = value === undefined ? found : `${value}, ${found}`
  }
  return value
}
