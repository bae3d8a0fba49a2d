import { readFile } from 'node:fs/promises'
import http from 'node:http'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startStaticSite } from '../../scripts/static-site.ts'

/**
 * Every challenge's reference solution as a live site, for the browser tests' shared server
 * (playwright.config.ts): content/challenges served over HTTP on a fixed loopback port, whatever the Host
 * header says. That server maps every github.io host to loopback (LOOPBACK_TEST_DOMAINS) and sends port 80
 * here (LOOPBACK_TEST_PORT), so `http://<login>.github.io/<slug>/reference/index.html` is the member's own
 * GitHub Pages site showing a solution that matches the design: its review passes, as a real one would.
 * The reference's images and fonts sit at `../images` and `../fonts`, where its relative links point.
 *
 * Variants of a reference sit beside it, for the element review's browser test (docs/product.md §10):
 * `<slug>/reference/heading-lower.html` is its index.html with its main heading 48 px lower and smaller.
 *
 * Run as a script: `node --import tsx tests/support/challenge-sites.ts <port>`.
 */

/** The variant's own rules, last in the head: the `h1` drawn 48 px lower, its font at 70 %. */
export const HEADING_LOWER_STYLE =
  '<style>h1 { position: relative; top: 48px; font-size: 0.7em !important; }</style>'
const VARIANT = /^\/([A-Za-z0-9-]+)\/reference\/heading-lower\.html$/

export async function startChallengeSites(root: string, port: number): Promise<{ close(): Promise<void> }> {
  const files = await startStaticSite(root, 0)
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname
    const variant = VARIANT.exec(path)
    if (variant) {
      try {
        const html = await readFile(join(root, variant[1] as string, 'reference', 'index.html'), 'utf8')
        const body = html.replace('</head>', `${HEADING_LOWER_STYLE}</head>`)
        return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body)
      } catch {
        return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
      }
    }
    // Everything else is the folder's, as it is.
    const upstream = http.request(
      { host: '127.0.0.1', port: files.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done(undefined))
  })
  return {
    close: async () => {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
      await files.close()
    },
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2])
  if (!Number.isInteger(port) || port <= 0) throw new Error('usage: challenge-sites.ts <port>')
  const site = await startChallengeSites(resolve('content/challenges'), port)
  const close = () => void site.close().then(() => process.exit(0))
  process.once('SIGTERM', close)
  process.once('SIGINT', close)
}
