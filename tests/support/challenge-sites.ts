import { resolve } from 'node:path'
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
 * Run as a script: `node --import tsx tests/support/challenge-sites.ts <port>`.
 */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2])
  if (!Number.isInteger(port) || port <= 0) throw new Error('usage: challenge-sites.ts <port>')
  const site = await startStaticSite(resolve('content/challenges'), port)
  const close = () => void site.close().then(() => process.exit(0))
  process.once('SIGTERM', close)
  process.once('SIGINT', close)
}
