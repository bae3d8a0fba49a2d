// Measures what a first visit to a page downloads: each script, stylesheet and font the browser requests,
// with its size as sent (brotli from our server) and gzipped for comparison.
// Usage: npx tsx scripts/bench/page-weight.ts [url]   (default http://localhost:3000/; start the server first)
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

const url = process.argv[2] ?? 'http://localhost:3000/'

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
const page = await browser.newPage()
const rows: { type: string; path: string; raw: number; gzip: number; sent: number }[] = []
page.on('response', async (response) => {
  const type = response.request().resourceType()
  if (type !== 'script' && type !== 'stylesheet' && type !== 'font') return
  const body = await response.body()
  const sizes = await response.request().sizes()
  rows.push({
    type,
    path: new URL(response.url()).pathname,
    raw: body.byteLength,
    gzip: gzipSync(body, { level: 9 }).byteLength,
    sent: sizes.responseBodySize,
  })
})
await page.goto(url, { waitUntil: 'networkidle' })
await browser.close()

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`
const LABELS: Record<string, string> = { script: 'JS', stylesheet: 'CSS', font: 'Font' }
for (const type of ['script', 'stylesheet', 'font']) {
  const of = rows.filter((r) => r.type === type)
  for (const r of of)
    console.log(
      `${type.padEnd(10)} ${r.path.padEnd(48)} raw ${kb(r.raw).padStart(9)}  gzip ${kb(r.gzip).padStart(8)}  sent ${kb(r.sent).padStart(8)}`,
    )
  const sum = (k: 'raw' | 'gzip' | 'sent') => of.reduce((total, r) => total + r[k], 0)
  console.log(
    `${LABELS[type]} total: ${of.length} files, raw ${kb(sum('raw'))}, gzip ${kb(sum('gzip'))}, sent ${kb(sum('sent'))}\n`,
  )
}
