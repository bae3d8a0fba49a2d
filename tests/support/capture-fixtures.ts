import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Sites for the capture tests, served from loopback: a landing page drawn by one function, so a variant
 * differs from the reference only in what its options say, and a small server that counts what reached
 * it (the proof that a refused request never arrived).
 */

export type LandingOptions = {
  /** Moves everything down this many pixels, as a stray margin would. */
  shift?: number
  /** `rearranged`: the same parts in another order and mirrored, as a wrong layout would be. */
  layout?: 'reference' | 'rearranged'
  /** The whole page this many times, one copy under the other. */
  repeat?: number
  /** Extra markup at the end of <head> and <body>. */
  head?: string
  body?: string
}

const ACCENTS = ['#e4572e', '#29335c', '#f3a712', '#669bbc', '#a8c686', '#7d4e57']

const LANDING_CSS = `
*{box-sizing:border-box}
html{background:#fff}
body{margin:0;font:16px/1.5 "DejaVu Sans",Arial,sans-serif;color:#3a3a3a}
.copy-of-page{display:flex;flex-direction:column}
header{display:flex;align-items:center;justify-content:space-between;height:72px;padding:0 6%;background:#0b1b3f}
.logo{width:40px;height:40px;border-radius:50%;background:#f3a712}
nav{display:flex;gap:24px}
nav span{display:block;width:64px;height:12px;border-radius:6px;background:#dfe6f3}
.hero{display:flex;gap:32px;padding:48px 6%}
.art{flex:1;min-height:300px;border-radius:12px;background:#e4572e}
.copy{flex:1}
h1{margin:0 0 16px;font-size:36px;line-height:1.2;color:#0b1b3f}
.button{display:inline-block;margin-top:16px;padding:12px 32px;border-radius:24px;background:#29335c;color:#fff;font-weight:bold}
.cards{display:grid;grid-template-columns:repeat(3,1fr);gap:24px;padding:0 6% 48px}
.card{border:1px solid #dde;border-radius:8px;overflow:hidden}
.card .pic{height:140px}
.card h2{margin:12px 16px 4px;font-size:18px;color:#0b1b3f}
.card p{margin:0 16px 16px;font-size:14px}
.prose{padding:0 6% 64px}
.prose h2{margin:0 0 12px;font-size:24px;color:#0b1b3f}
@media (max-width:800px){.hero{flex-direction:column}.cards{grid-template-columns:1fr 1fr}}
@media (max-width:480px){.cards{grid-template-columns:1fr}h1{font-size:28px}}
`

// The wrong layout: the same blocks, mirrored and in reverse order.
const REARRANGED_CSS = `
header{flex-direction:row-reverse}
.hero{flex-direction:row-reverse;order:3}
.cards{order:2;direction:rtl}
.prose{order:1;text-align:right}
@media (max-width:800px){.hero{flex-direction:column-reverse}}
`

const WORDS =
  'Practise frontend work on real designs and see how close your page comes to the picture you were given at every width'.split(
    ' ',
  )

function sentence(seed: number, words: number): string {
  return Array.from({ length: words }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ')
}

export function landingPage(options: LandingOptions = {}): string {
  const cards = Array.from(
    { length: 6 },
    (_, i) =>
      `<div class="card"><div class="pic" style="background:${ACCENTS[i % ACCENTS.length]}"></div><h2>${sentence(i, 3)}</h2><p>${sentence(i + 1, 18)}</p></div>`,
  ).join('')
  const page = `<div class="copy-of-page">
<header><div class="logo"></div><nav><span></span><span></span><span></span><span></span></nav></header>
<section class="hero"><div class="art"></div><div class="copy"><h1>${sentence(2, 6)}</h1><p>${sentence(3, 40)}</p><span class="button">Start now</span></div></section>
<section class="cards">${cards}</section>
<section class="prose"><h2>${sentence(5, 5)}</h2><p>${sentence(6, 80)}</p><p>${sentence(7, 60)}</p></section>
</div>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Landing</title>
<style>${LANDING_CSS}${options.layout === 'rearranged' ? REARRANGED_CSS : ''}${options.shift ? `body{padding-top:${options.shift}px}` : ''}</style>${options.head ?? ''}</head>
<body>${page.repeat(options.repeat ?? 1)}${options.body ?? ''}</body></html>`
}

export type FixtureServer = {
  port: number
  origin: string
  /** Paths requested, in order. */
  requests: string[]
  /** TCP connections accepted. */
  connections(): number
  close(): Promise<void>
}

type Route = string | http.RequestListener

/**
 * A handler that streams `totalBytes` of `filler` as `contentType`, written as the reader takes it, and
 * stops when the connection closes; `sent()` says how many bytes went out (the proof a limit cut it).
 */
export function streamedBody(
  totalBytes: number,
  options: { contentType: string; prefix?: string; filler?: string },
): { handler: http.RequestListener; sent(): number } {
  let sent = 0
  const chunk = Buffer.alloc(256 * 1024, options.filler ?? ' ')
  const handler: http.RequestListener = (_req, res) => {
    res.writeHead(200, { 'Content-Type': options.contentType, 'Content-Length': totalBytes })
    let left = totalBytes
    const prefix = Buffer.from(options.prefix ?? '')
    const write = () => {
      while (left > 0 && !res.destroyed) {
        const part =
          sent === 0 && prefix.length > 0 ? prefix : chunk.subarray(0, Math.min(chunk.length, left))
        left -= part.length
        sent += part.length
        if (!res.write(part)) return void res.once('drain', write)
      }
      if (left <= 0) res.end()
    }
    res.on('error', () => {})
    write()
  }
  return { handler, sent: () => sent }
}

/** Serves `routes` (path → HTML, or a handler) on 127.0.0.1 (or `host`); anything else is a 404. */
export async function startFixtureServer(
  routes: Record<string, Route> = {},
  options: { host?: string } = {},
): Promise<FixtureServer> {
  const host = options.host ?? '127.0.0.1'
  const requests: string[] = []
  let connections = 0
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname
    requests.push(path)
    const route = routes[path]
    if (typeof route === 'function') return route(req, res)
    if (route === undefined) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(route)
  })
  server.on('connection', () => {
    connections += 1
  })
  server.listen(0, host)
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
