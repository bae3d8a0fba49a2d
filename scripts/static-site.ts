import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

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

export type StaticSite = { port: number; close(): Promise<void> }

/**
 * A folder served over HTTP on loopback, whatever the Host header says: a challenge's reference solution
 * as a live site (content/challenges/<slug>/reference/index.html, whose images are at ../images), for the
 * content check's review of it and for tests (with LOOPBACK_TEST_DOMAINS a server under test reaches it
 * as `http://someone.github.io/...`).
 */
export async function startStaticSite(root: string, port = 0): Promise<StaticSite> {
  const server = http.createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname)
    // An answer at the root, for readiness checks (Playwright's webServer).
    if (path === '/') return res.writeHead(200, { 'Content-Type': 'text/plain' }).end('static site')
    const file = normalize(join(root, path))
    if (!file.startsWith(root + sep)) return res.writeHead(403).end()
    try {
      const body = await readFile(file)
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(undefined))
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
