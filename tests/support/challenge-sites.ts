import { readFile } from 'node:fs/promises'
import http from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Every challenge's reference solution as a live site, for the browser tests' shared server
 * (playwright.config.ts): content/challenges served over HTTP on a fixed loopback port, whatever the Host
 * header says. That server maps every github.io host to loopback (LOOPBACK_TEST_DOMAINS) and sends port 80
 * here (LOOPBACK_TEST_PORT), so `http://<login>.github.io/<slug>/reference/index.html` is the member's own
 * GitHub Pages site showing a solution that matches the design: its review passes, as a real one would.
 * The reference's images and fonts sit at `../images` and `../fonts`, where its relative links point.
 *
 * Run as a script: `node --import tsx tests/support/challenge-sites.ts <port>`.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
}

export function serveChallengeSites(root: string, port: number): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname)
    // The readiness check of Playwright's webServer.
    if (path === '/') return res.writeHead(200, { 'Content-Type': 'text/plain' }).end('challenge sites')
    const file = normalize(join(root, path))
    if (!file.startsWith(root + sep)) return res.writeHead(403).end()
    try {
      const body = await readFile(file)
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
    }
  })
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done(server))
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2])
  if (!Number.isInteger(port) || port <= 0) throw new Error('usage: challenge-sites.ts <port>')
  const server = await serveChallengeSites(resolve('content/challenges'), port)
  const close = () => {
    server.closeAllConnections()
    server.close(() => process.exit(0))
  }
  process.once('SIGTERM', close)
  process.once('SIGINT', close)
}
