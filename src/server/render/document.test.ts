import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheJson } from '#server/catalogue/cached-body.ts'
import type { Catalogue, CatalogueSnapshot } from '#server/catalogue/catalogue.ts'
import { documentTemplate, escapeHtml, jsonForScript, templateDescription } from '#server/render/document.ts'
import { createPublicPages } from '#server/render/public-pages.ts'
import { writeUpFirstSentence } from '#server/solutions/write-up.ts'
import type { Challenge } from '#shared/challenge.ts'
import type { Solution } from '#shared/solution.ts'
import { challengeFixture } from '#tests/support/challenge-fixture.ts'
import { documentShape, PATTERN_CORPUS, structureOf, WHOLE_DOCUMENT } from '#tests/support/hostile-text.ts'
import { SSR_DATA_ID } from '#web/lib/ssr-data.ts'

/**
 * No text a page shows can change the document around it (docs/product.md §11): the corpus goes through
 * every slot of the template and every field the server puts into a public page's head and data, and
 * each document keeps one <html>, one root, one h1, a data block that parses, no http-equiv meta, and
 * shows the text as text. The pages are the app's own (its route table, loaders and components), with a
 * stand-in for its API; tests/e2e/hostile-text.spec.ts sends the corpus through the browser as well.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Practise frontend work &amp; more." />
    <script src="/theme.js"></script>
    <title>Frontend Dojo</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

const ORIGIN = 'https://dojo.example'
const SOLUTION_ID = '3f0c2a1e-8b7d-4c6a-9e5f-1a2b3c4d5e6f'

function challengeWith(text: string): Challenge {
  return challengeFixture({ title: `Card ${text} Grid`, description: `A grid of ${text} cards.` })
}

describe('the document template', () => {
  const fill = documentTemplate(INDEX_HTML)

  it.each(PATTERN_CORPUS)('keeps the document whole with %j in every slot', (payload) => {
    const html = fill({
      title: escapeHtml(payload),
      description: escapeHtml(payload),
      head: `<meta property="og:title" content="${escapeHtml(payload)}" />`,
      root: `<main><h1>${escapeHtml(payload)}</h1></main>`,
      afterRoot: `<script type="application/json" id="${SSR_DATA_ID}">${jsonForScript({ payload })}</script>`,
    })
    expect(structureOf(html)).toEqual(WHOLE_DOCUMENT)
    const shape = documentShape(html)
    expect(shape.text.split('\n')).toEqual([payload, payload, payload].flatMap((line) => line.split('\n')))
    const data = /<script type="application\/json" id="ssr-data">([^<]*)<\/script>/.exec(html)?.[1] ?? ''
    expect(JSON.parse(data)).toEqual({ payload })
    // The template's own parts, once each and in their places.
    expect(html.split('<script src="/theme.js"></script>')).toHaveLength(2)
    expect(html.indexOf('<title>')).toBeGreaterThan(html.indexOf('/theme.js'))
    expect(html.endsWith('</script>\n  </body>\n</html>')).toBe(true)
  })

  it('escapes what ends a script block, a comment or a line in JavaScript inside the data block', () => {
    const json = jsonForScript({ text: '</script><!-- & \u2028\u2029' })
    expect(json).toBe('{"text":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029"}')
    expect(JSON.parse(json)).toEqual({ text: '</script><!-- & \u2028\u2029' })
  })

  it('reads the description index.html carries as text, and refuses a template without a slot', () => {
    expect(templateDescription(INDEX_HTML)).toBe('Practise frontend work & more.')
    expect(() => documentTemplate(INDEX_HTML.replace('<div id="root"></div>', ''))).toThrow(/root/)
  })
})

describe.each(PATTERN_CORPUS)('a public page showing %j', (payload) => {
  let dir: string
  let pages: NonNullable<ReturnType<typeof createPublicPages>>
  const challenge = challengeWith(payload)
  const profile = {
    id: 'u1',
    username: 'eve',
    name: `Eve ${payload}`,
    avatarUrl: null,
    bio: `I build ${payload} pages.`,
    points: 20,
    submission: 0,
    githubUrl: null,
    linkedinUrl: null,
    helpfulComments: 0,
  }
  const solution: Solution = {
    id: SOLUTION_ID,
    member: { username: 'eve', name: `Eve ${payload}`, avatarUrl: null },
    challenge: { id: 7, slug: 'Card-Grid', title: challenge.title, category: 'features', difficulty: 'easy' },
    liveUrl: 'https://eve.github.io/grid/',
    repositoryUrl: null,
    writeUp: `I wrote ${payload} here. Then more.`,
    writeUpHtml: `<p>I wrote ${escapeHtml(payload)} here. Then more.</p>`,
    hidden: false,
    listed: true,
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    moderatorHidden: false,
    completedAt: '2026-11-01T00:00:00.000Z',
    latestReview: null,
    iterations: [],
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dojo-hostile-render-'))
    await mkdir(join(dir, 'web', '.vite'), { recursive: true })
    await writeFile(
      join(dir, 'web', '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-1.js' } }),
    )
    const snapshot = {
      challenges: [challenge],
      signature: '1',
      zipById: new Map(),
      bySlug: new Map(),
      byId: new Map(),
    } as unknown as CatalogueSnapshot
    const catalogue: Catalogue = {
      snapshot: async () => snapshot,
      peek: () => snapshot,
      listing: async () => ({
        challenges: [{ ...challenge, solutionCount: 0 }],
        body: cacheJson({ challenges: [] }),
        key: '0',
      }),
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
      publicOrigin: ORIGIN,
      renderer: () => import('#web/entry-server.tsx'),
      api: async (path) => {
        if (path === '/api/challenges/by-slug/Card-Grid') return Response.json({ challenge })
        if (path === '/api/users/eve') return Response.json({ profile, badges: [], submissions: [] })
        if (path === `/api/solutions/${SOLUTION_ID}`) return Response.json({ solution })
        return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 })
      },
    })
    if (!created) throw new Error('the manifest was not found')
    pages = created
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const cases = [
    { page: 'a challenge (its content)', path: '/challenge/Card-Grid', description: challenge.description },
    { page: 'a profile (name and bio)', path: '/profile/eve', description: profile.bio },
    {
      page: 'a solution (write-up and name)',
      path: `/solutions/${SOLUTION_ID}`,
      description: writeUpFirstSentence(solution.writeUp) ?? '',
    },
  ]

  it.each(cases)('$page: the document stays whole and shows it as text', async ({ path, description }) => {
    const page = await pages.render(path, `${ORIGIN}${path}`)
    expect(page?.status).toBe(200)
    const html = page?.html ?? ''
    expect(structureOf(html)).toEqual(WHOLE_DOCUMENT)
    const metas = [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)]
    const content = (name: string) => metas.find((meta) => meta[1] === name)?.[2]
    // What the attribute holds once a browser reads it back is the text itself.
    expect(content('description')).toBe(escapeHtml(description))
    expect(content('og:description')).toBe(escapeHtml(description))
    expect(documentShape(html).text).toContain(payload)
  })
})
