import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheJson } from '#server/catalogue/cached-body.ts'
import type { Catalogue, CatalogueSnapshot } from '#server/catalogue/catalogue.ts'
import type { Category } from '#shared/categories.ts'
import type { Challenge } from '#shared/challenge.ts'
import { challengeFixture, profilePageFixture } from '#tests/support/challenge-fixture.ts'
import { ROUTE_SCRIPTS_ID } from '#web/lib/ssr-data.ts'
import { createPublicPages } from './public-pages.ts'

/**
 * The document around a server-rendered page: head tags, status, the data block and the cache, with the
 * app's own route table, loaders and components (src/web/entry-server.tsx, which `vite build --ssr`
 * bundles for production) and a stand-in for the app's API.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Frontend Dojo</title>
    <meta name="description" content="Practise frontend work." />
    <script src="/start.js" defer data-entry="/assets/index-1.js" data-preload="/assets/shared-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

const challenge = challengeFixture({ description: 'A grid of "cards" & <things>' })

/** The renderer's first lines in <head> and the page's root, less what varies with the page. */
function rootOf(html: string): string {
  return html.slice(
    html.indexOf('<div id="root">'),
    html.indexOf('<script type="application/json" id="ssr-data"'),
  )
}

/** The queries of the page's data block, as the browser's cache takes them (dehydrated). */
function queriesOf(html: string): { queryKey: unknown[]; data: unknown }[] {
  const block = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}'
  const { queries } = JSON.parse(block) as {
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
  }
  return queries.queries.map(({ queryKey, state }) => ({ queryKey, data: state.data }))
}

function snapshot(signature: string, challenges: Challenge[]): CatalogueSnapshot {
  return {
    challenges,
    signature,
    zipById: new Map(),
    bySlug: new Map(),
    byId: new Map(),
  } as unknown as CatalogueSnapshot
}

describe('server-rendered public pages', () => {
  let dir: string
  let current = snapshot('1', [challenge])
  let solutionCount = 0
  const apiCalls: string[] = []
  const hostileBio = '</script><script>alert(1)</script>"><img src=x onerror=alert(2)>'
  let pages: NonNullable<ReturnType<typeof createPublicPages>>

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dojo-render-'))
    await mkdir(join(dir, 'web', '.vite'), { recursive: true })
    await writeFile(
      join(dir, 'web', '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-1.js' },
        'routes/challenge.tsx': { file: 'assets/challenge-1.js', imports: ['_shared.js', '_detail.js'] },
        '_detail.js': { file: 'assets/detail-1.js' },
      }),
    )
    const catalogue: Catalogue = {
      snapshot: async () => current,
      peek: () => current,
      listing: async (category) => {
        const challenges = current.challenges
          .filter((c) => !category || c.category === category)
          .map((c) => ({ ...c, solutionCount }))
        return { challenges, body: cacheJson({ challenges }), key: String(solutionCount) }
      },
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
        const url = new URL(path, 'https://dojo.example')
        const notFound = (message: string) =>
          Response.json({ error: { code: 'not_found', message } }, { status: 404 })
        if (/^\/api\/(challenges\/\d+\/)?solutions$/.test(url.pathname)) {
          return Response.json({ solutions: [], nextCursor: path.includes('sort=score') ? 'next' : null })
        }
        if (url.pathname === '/api/challenges') {
          const category = url.searchParams.get('category') ?? undefined
          return Response.json({ challenges: (await catalogue.listing(category as Category)).challenges })
        }
        const slug = /^\/api\/challenges\/by-slug\/([^/]+)$/.exec(url.pathname)?.[1]
        if (slug !== undefined) {
          const found = current.challenges.find((c) => c.slug === decodeURIComponent(slug))
          return found
            ? Response.json({ challenge: found })
            : notFound(`There is no challenge at "${decodeURIComponent(slug)}".`)
        }
        if (/^\/api\/challenges\/\d+\/zip$/.test(url.pathname)) return notFound('There is no download.')
        if (url.pathname !== '/api/users/eve') return notFound('User not found. Please check the username.')
        return Response.json(profilePageFixture({ name: 'Eve <b>"E"</b>', bio: hostileBio, points: 20 }))
      },
    })
    if (!created) throw new Error('the manifest was not found')
    pages = created
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('gives a challenge its title, description, canonical address and link preview tags', async () => {
    const page = await pages.render('/challenge/Card-Grid', 'https://dojo.example/challenge/Card-Grid')
    expect(page?.status).toBe(200)
    const html = page?.html ?? ''
    expect(html).toContain('<title>Card Grid | Frontend Dojo</title>')
    expect(html).not.toContain('<title>Frontend Dojo</title>')
    const description = 'A grid of &quot;cards&quot; &amp; &lt;things&gt;'
    expect(html).toContain(`<meta name="description" content="${description}" />`)
    expect(html).toContain(`<meta property="og:description" content="${description}" />`)
    expect(html).toContain('<meta property="og:title" content="Card Grid | Frontend Dojo" />')
    expect(html).toContain('<link rel="canonical" href="https://dojo.example/challenge/Card-Grid" />')
    expect(html).toContain(
      '<meta property="og:image" content="https://dojo.example/files/challenges/7/desktop.png" />',
    )
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(html).not.toContain('name="robots"')
    // The page itself, rendered by the app's components inside the root.
    expect(rootOf(html)).toMatch(/^<div id="root">.*<h1 [^>]*>Card Grid<\/h1>.*<\/div>\s*$/s)
    // The route's own chunks are named for start.js, which asks for them after the first paint; the
    // entry's (shared-1.js) are index.html's, not named again. Nothing asks for a script as the head is read.
    expect(html).toContain(
      '<script type="application/json" id="route-scripts">["/assets/challenge-1.js","/assets/detail-1.js"]</script>',
    )
    expect(html).not.toContain('rel="modulepreload"')
  })

  it('names the route scripts in the block start.js reads', async () => {
    // src/web/public/start.js is plain JavaScript served as is: it spells the block's id itself.
    const start = await readFile(join(process.cwd(), 'src', 'web', 'public', 'start.js'), 'utf8')
    expect(start).toContain(`document.getElementById('${ROUTE_SCRIPTS_ID}')`)
  })

  it('answers 404 for an unknown challenge, category or profile', async () => {
    const unknown = await pages.render('/challenge/nope', 'https://dojo.example/challenge/nope')
    expect(unknown?.status).toBe(404)
    expect(unknown?.html).toContain('There is no challenge at \\"nope\\".')
    // The page itself shows it, not a skeleton waiting to ask again.
    expect(rootOf(unknown?.html ?? '')).toMatch(/<h1 [^>]*>404 - Not Found<\/h1>/)
    expect(
      (await pages.render('/challenges/widgets', 'https://dojo.example/challenges/widgets'))?.status,
    ).toBe(404)
    const profile = await pages.render('/profile/nobody', 'https://dojo.example/profile/nobody')
    expect(profile?.status).toBe(404)
    expect(profile?.html).toContain('User not found. Please check the username.')
    expect(rootOf(profile?.html ?? '')).toMatch(/<h1 [^>]*>User not found<\/h1>/)
    expect(profile?.html).toContain('<meta name="robots" content="noindex" />')
    // A solution id that cannot be one (the API answers 400): no such solution, with ways onward.
    const solution = await pages.render('/solutions/abc', 'https://dojo.example/solutions/abc')
    expect(solution?.status).toBe(404)
    expect(rootOf(solution?.html ?? '')).toMatch(/<h1 [^>]*>Solution not found<\/h1>/)
    expect(solution?.html).toContain('There is no such solution.')
    expect(solution?.html).toContain('>Browse challenges</a>')
    expect(solution?.html).toContain('>Go to Home</a>')
    // An unknown challenge's 404 offers the catalogue as well as Home.
    const challenge = await pages.render(
      '/challenge/no-such-thing',
      'https://dojo.example/challenge/no-such-thing',
    )
    expect(challenge?.status).toBe(404)
    expect(challenge?.html).toContain('>Browse challenges</a>')
  })

  it('answers 404, asking the API nothing, for a challenge, profile, solution or badge address that is not valid percent-encoding', async () => {
    const before = apiCalls.length
    for (const path of ['/challenge/%ZZ', '/profile/%ZZ', '/solutions/%ZZ', '/badges/%E0%A4%A']) {
      const page = await pages.render(path, `https://dojo.example${path}`)
      expect(page?.status, path).toBe(404)
      expect(page?.html, path).toContain('<meta name="robots" content="noindex" />')
    }
    expect(apiCalls.slice(before)).toEqual([])
  })

  it('answers 404 with the 404 page for a path the app does not know, and leaves its member pages to the browser', async () => {
    const unknown = await pages.render('/no-such-page', 'https://dojo.example/no-such-page')
    expect(unknown?.status).toBe(404)
    expect(unknown?.html).toContain('<meta name="robots" content="noindex" />')
    // The hints React wrote while rendering (the page's illustration), as it escaped them, in <head>
    // (escaping: entry-server.test.ts).
    const html = unknown?.html ?? ''
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain('<link rel="preload" href="/images/static/not-found.svg" as="image"/>')
    expect(rootOf(html)).not.toContain('rel="preload"')
    expect(await pages.render('/my', 'https://dojo.example/my')).toBeNull()
  })

  it('keeps a catalogue page per search and filters, and renders it again when a solution count changes', async () => {
    const listOf = (html: string | undefined) =>
      queriesOf(html ?? '').find((q) => q.queryKey[1] === 'list')?.data as { solutionCount?: number }[]
    const plain = await pages.render('/challenges', 'https://dojo.example/challenges')
    expect(listOf(plain?.html)).toEqual([expect.objectContaining({ id: 7, solutionCount: 0 })])
    expect(await pages.render('/challenges', 'https://dojo.example/challenges')).toBe(plain)
    // The address's choices are part of the key (an unknown value is dropped, as the page drops it).
    const searched = await pages.render('/challenges', 'https://dojo.example/challenges?q=grid')
    expect(searched).not.toBe(plain)
    expect(await pages.render('/challenges', 'https://dojo.example/challenges?q=grid&sort=nope')).toBe(
      searched,
    )
    solutionCount = 3
    const counted = await pages.render('/challenges', 'https://dojo.example/challenges')
    expect(counted).not.toBe(plain)
    expect(listOf(counted?.html)).toEqual([expect.objectContaining({ id: 7, solutionCount: 3 })])
  })

  it('keeps hostile profile text inert in the head and in the data block', async () => {
    const page = await pages.render('/profile/eve', 'https://dojo.example/profile/eve')
    expect(page?.status).toBe(200)
    const html = page?.html ?? ''
    // Exactly the data block's and the route scripts' script elements, and index.html's start.js.
    expect(html.match(/<script/g)).toHaveLength(3)
    expect(html).not.toContain('<img')
    expect(html).not.toContain('</script><script>')
    expect(html).toContain('<title>Eve &lt;b&gt;&quot;E&quot;&lt;/b&gt; (@eve) | Frontend Dojo</title>')
    expect(html).toContain(
      '<meta name="description" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;" />',
    )
    // The data block parses back to exactly what the API answered.
    const block = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
    const data = queriesOf(html).find((q) => q.queryKey[0] === 'profiles')?.data as {
      profile: { bio: string }
    }
    expect(block).not.toBe('')
    expect(data.profile.bio).toBe(hostileBio)
  })

  it('reads profiles afresh and rebuilds catalogue pages after the catalogue changes', async () => {
    apiCalls.length = 0
    await pages.render('/profile/eve', 'https://dojo.example/profile/eve')
    await pages.render('/profile/eve', 'https://dojo.example/profile/eve')
    expect(apiCalls).toEqual(['/api/users/eve', '/api/users/eve'])

    const before = await pages.render('/challenge/Card-Grid', 'https://dojo.example/challenge/Card-Grid')
    expect(await pages.render('/challenge/Card-Grid', 'https://dojo.example/challenge/Card-Grid')).toBe(
      before,
    )
    current = snapshot('2', [{ ...challenge, title: 'Card Grid Deluxe' }])
    const after = await pages.render('/challenge/Card-Grid', 'https://dojo.example/challenge/Card-Grid')
    expect(after?.html).toContain('<title>Card Grid Deluxe | Frontend Dojo</title>')
  })

  it('renders the galleries afresh with the first page the address asks for (docs/product.md §11)', async () => {
    apiCalls.length = 0
    const url = 'https://dojo.example/solutions?category=hero&difficulty=nope&sort=score'
    const site = await pages.render('/solutions', url)
    await pages.render('/solutions', 'https://dojo.example/solutions')
    expect(site?.status).toBe(200)
    // An unknown difficulty is no filter, as the page reads it.
    expect(apiCalls).toEqual(['/api/solutions?sort=score&category=hero', '/api/solutions?sort=newest'])
    expect(queriesOf(site?.html ?? '')).toContainEqual({
      queryKey: ['solutions', 'gallery', 'site', 'score', 'hero', null],
      data: { pages: [{ solutions: [], nextCursor: 'next' }], pageParams: [null] },
    })

    apiCalls.length = 0
    const tab = await pages.render(
      '/challenge/Card-Grid/solutions',
      'https://dojo.example/challenge/Card-Grid/solutions',
    )
    await pages.render('/challenge/Card-Grid/solutions', 'https://dojo.example/challenge/Card-Grid/solutions')
    expect(apiCalls.filter((path) => path.includes('/solutions'))).toEqual([
      '/api/challenges/7/solutions?sort=newest',
      '/api/challenges/7/solutions?sort=newest',
    ])
    const queries = queriesOf(tab?.html ?? '').map((q) => q.queryKey)
    expect(queries).toContainEqual(['challenges', 'slug', 'Card-Grid'])
    expect(queries).toContainEqual(['solutions', 'gallery', 'challenge', 7, 'newest'])
    expect(tab?.html).toContain(
      '<link rel="canonical" href="https://dojo.example/challenge/Card-Grid/solutions" />',
    )

    const unknown = await pages.render(
      '/challenge/nope/solutions',
      'https://dojo.example/challenge/nope/solutions',
    )
    expect(unknown?.status).toBe(404)
    expect(unknown?.html).toContain('<meta name="robots" content="noindex" />')
  })

  it('leaves the member pages to the plain app, and answers any other path with the 404 page', async () => {
    for (const path of ['/settings', '/leaderboard', '/my', '/user-challenges/ongoing'])
      expect(await pages.render(path, `https://dojo.example${path}`), path).toBeNull()
    for (const path of ['/dashboard', '/challenge/a/b', '/profile/'])
      expect((await pages.render(path, `https://dojo.example${path}`))?.status, path).toBe(404)
  })
})
