import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheJson } from '#server/catalogue/cached-body.ts'
import type { Catalogue, CatalogueSnapshot } from '#server/catalogue/catalogue.ts'
import { createPublicPages } from '#server/render/public-pages.ts'
import type { Solution } from '#shared/solution.ts'

/**
 * The solution page's document (docs/product.md §11): rendered as a visitor sees it, with link-preview
 * tags naming the member and the challenge, the desktop capture as an absolute image address and the
 * write-up's first sentence. The app's own route table renders it, with a stand-in for its API, as in
 * public-pages.test.ts.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Frontend Dojo</title>
    <meta name="description" content="Practise frontend work." />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

const ID = '3f0c2a1e-8b7d-4c6a-9e5f-1a2b3c4d5e6f'

const solution: Solution = {
  id: ID,
  member: { username: 'ada', name: 'Ada "<L>"', avatarUrl: null },
  challenge: { id: 7, slug: 'Card-Grid', title: 'Card Grid', category: 'features', difficulty: 'easy' },
  liveUrl: 'https://ada.github.io/grid',
  repositoryUrl: null,
  writeUp: 'I built a **grid** & more. It was hard.',
  writeUpHtml: '<p>I built a <strong>grid</strong> &amp; more. It was hard.</p>\n',
  hidden: false,
  listed: true,
  likeCount: 3,
  commentCount: 2,
  likedByMe: false,
  moderatorHidden: false,
  completedAt: '2026-11-01T00:00:00.000Z',
  latestReview: {
    id: 'b1a2c3d4-0000-4000-8000-000000000000',
    findings: [],
    score: 91.5,
    createdAt: '2026-11-01T00:00:00.000Z',
    captures: [
      {
        breakpoint: 'desktop',
        width: 1440,
        height: 2000,
        score: 90,
        captureUrl: '/files/reviews/d.png',
        previewUrl: '/files/reviews/d-preview.webp',
        designUrl: '/files/challenges/d.webp',
        designHeight: 1800,
        diffUrl: '/files/reviews/d-diff.png',
        comparedHeight: 2000,
      },
      {
        breakpoint: 'mobile',
        width: 375,
        height: 3000,
        score: 93,
        captureUrl: '/files/reviews/m.png',
        previewUrl: null,
        designUrl: '/files/challenges/m.webp',
        designHeight: 2500,
        diffUrl: '/files/reviews/m-diff.png',
        comparedHeight: 3000,
      },
    ],
    quality: null,
  },
  iterations: [],
}

describe('the solution page rendered on the server', () => {
  let dir: string
  let pages: NonNullable<ReturnType<typeof createPublicPages>>
  const apiCalls: string[] = []

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dojo-solution-render-'))
    await mkdir(join(dir, 'web', '.vite'), { recursive: true })
    await writeFile(
      join(dir, 'web', '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js' },
        'routes/solution.tsx': { file: 'assets/solution-1.js' },
      }),
    )
    const snapshot = { challenges: [], signature: '1' } as unknown as CatalogueSnapshot
    const catalogue: Catalogue = {
      snapshot: async () => snapshot,
      peek: () => snapshot,
      listing: async () => ({ challenges: [], body: cacheJson({ challenges: [] }), key: '' }),
      peekListing: () => null,
      solutionsChanged: async () => {},
      settled: async () => {},
      refresh() {},
      stop() {},
    }
    const created = createPublicPages(join(dir, 'web'), INDEX_HTML, {
      catalogue,
      config: {
        brandName: 'Frontend Dojo',
        supportEmail: 'help@example.com',
        social: [],
        classrooms: 'open' as const,
      },
      publicOrigin: 'https://dojo.example',
      renderer: () => import('#web/entry-server.tsx'),
      api: async (path) => {
        apiCalls.push(path)
        if (path === `/api/solutions/${ID}`) return Response.json({ solution })
        return Response.json(
          { error: { code: 'not_found', message: 'There is no such solution.' } },
          { status: 404 },
        )
      },
    })
    if (!created) throw new Error('the manifest was not found')
    pages = created
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('names the member and the challenge, shows the desktop capture and the write-up’s first sentence', async () => {
    const page = await pages.render(`/solutions/${ID}`, `https://dojo.example/solutions/${ID}`)
    expect(page?.status).toBe(200)
    const html = page?.html ?? ''
    const title = 'Ada &quot;&lt;L&gt;&quot;&#39;s Card Grid solution'
    expect(html).toContain(`<meta property="og:title" content="${title}" />`)
    expect(html).toContain(`<meta name="twitter:title" content="${title}" />`)
    expect(html).toContain('<meta property="og:image" content="https://dojo.example/files/reviews/d.png" />')
    expect(html).toContain('<meta name="twitter:image" content="https://dojo.example/files/reviews/d.png" />')
    expect(html).toContain('<meta property="og:description" content="I built a grid &amp; more." />')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(html).toContain(`<link rel="canonical" href="https://dojo.example/solutions/${ID}" />`)
    // The route's script, for start.js to ask for after the first paint.
    expect(html).toMatch(
      /<script type="application\/json" id="route-scripts">\[[^<]*"\/assets\/solution-1\.js"/,
    )
    expect(html).not.toContain('noindex')
    // Read afresh each time: a member's edit or hide shows at once.
    apiCalls.length = 0
    await pages.render(`/solutions/${ID}`, `https://dojo.example/solutions/${ID}`)
    expect(apiCalls).toEqual([`/api/solutions/${ID}`])
  })

  it('answers 404, kept out of search results, for a solution a visitor may not see', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const page = await pages.render(`/solutions/${id}`, `https://dojo.example/solutions/${id}`)
    expect(page?.status).toBe(404)
    expect(page?.html).toContain('<meta name="robots" content="noindex" />')
    expect(page?.html).toContain('There is no such solution.')
  })
})
