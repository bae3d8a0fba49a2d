import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserPool, createBrowserPool } from '#server/review/browser-pool.ts'
import { captureSite } from '#server/review/capture.ts'
import { hasChromium } from '#tests/support/chromium-requirement.ts'
import { startStaticSite } from '../static-site.ts'
import { checkReferenceScores } from './reference-score.ts'
import { tempFolderPerTest } from './test-fixtures.ts'

/** A reference whose layout follows the viewport's height, as a `100svh` hero does. */
const REFERENCE = `<!doctype html><html lang="en"><head><title>Ref</title><style>
body{margin:0;font:16px sans-serif}header{height:100svh;background:#1f6f8b;color:#fff}
main{padding:40px;background:#f3a712}</style></head>
<body><header><h1>Reference</h1></header><main><p>Below the fold.</p></main></body></html>`

describe.runIf(hasChromium())('the reference scored as a review scores it', () => {
  const folder = tempFolderPerTest()
  let pool: BrowserPool
  beforeAll(() => {
    pool = createBrowserPool()
  })
  afterAll(async () => {
    await pool?.close()
  })

  /** The designs as the review's capture sees the reference: what content:render draws now. */
  async function designsFromCapture() {
    const site = await startStaticSite(folder.dir)
    try {
      const capture = await captureSite(pool, {
        url: `http://127.0.0.1:${site.port}/reference/index.html`,
        allowLoopback: { ports: [site.port] },
      })
      for (const shot of capture.captures) await folder.write({ [`design/${shot.breakpoint}.png`]: shot.png })
    } finally {
      await site.close()
    }
  }

  it('passes a reference whose designs were drawn in the review viewports', async () => {
    await folder.write({ 'reference/index.html': REFERENCE })
    await designsFromCapture()
    const { scores, problems } = await checkReferenceScores(folder.dir, pool)
    expect(problems).toEqual([])
    expect(Object.values(scores).every((score) => score >= 99)).toBe(true)
  })

  it('fails each breakpoint where the reference scores below 99 against its design, saying so', async () => {
    await folder.write({ 'reference/index.html': REFERENCE })
    await designsFromCapture()
    // The page changes after its designs were drawn: a background the designs do not have.
    await folder.write({
      'reference/index.html': REFERENCE.replace('#f3a712', '#6b2d5c').replace('#1f6f8b', '#e4572e'),
    })
    const { scores, problems } = await checkReferenceScores(folder.dir, pool)
    expect(Object.values(scores).every((score) => score < 99)).toBe(true)
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(
        /^the reference scores [\d.]+ at desktop against its own design in a review \(at least 99\)/,
      ),
      expect.stringMatching(/ at tablet /),
      expect.stringMatching(/ at mobile /),
    ])
  })
})
