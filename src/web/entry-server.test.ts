import { AsyncLocalStorage } from 'node:async_hooks'
import { createElement, Fragment } from 'react'
import { preload } from 'react-dom'
import { prerender } from 'react-dom/static.edge'
import { describe, expect, it, vi } from 'vitest'
import { profilePageFixture } from '#tests/support/challenge-fixture.ts'
import { renderedRoute, renderPage, splitHints } from '#web/entry-server.tsx'

async function render(element: ReturnType<typeof createElement>): Promise<string> {
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY })
  return new Response(prelude).text()
}

function Page() {
  preload('/illustration.svg?a=1&b="2"', { as: 'image' })
  return createElement(
    Fragment,
    null,
    createElement('img', { src: '/hero.webp', fetchPriority: 'high', alt: '' }),
    createElement('p', null, 'Text with a <link /> in it'),
  )
}

describe('the hints React writes while rendering a page', () => {
  it('are taken from before the page, as React escaped them, and the page is left whole', async () => {
    const rendered = await render(createElement(Page))
    const { hints, html } = splitHints(rendered)
    // React writes them first when it renders no <head>: that is what splitHints relies on.
    expect(rendered.startsWith(hints)).toBe(true)
    expect(hints).toContain('<link rel="preload" as="image" href="/hero.webp" fetchPriority="high"/>')
    expect(hints).toContain('href="/illustration.svg?a=1&amp;b=&quot;2&quot;"')
    expect(html).toBe(
      '<img src="/hero.webp" fetchPriority="high" alt=""/><p>Text with a &lt;link /&gt; in it</p>',
    )
  })

  it('are nothing when the page asked for none', async () => {
    const rendered = await render(createElement('main', null, createElement('h1', null, 'Hello')))
    expect(splitHints(rendered)).toEqual({ hints: '', html: '<main><h1>Hello</h1></main>' })
  })
})

describe('the paths the route table does not know, which the server answers 404 (docs/product.md §2)', () => {
  /** The module the server renders at `pathname`: the 404 page's for a path the table does not know. */
  const moduleAt = (pathname: string) => renderedRoute(pathname)?.handle.module ?? null

  it('include a member list of a status that does not exist, and not the two that do', () => {
    expect(moduleAt('/user-challenges/nonsense')).toBe('routes/not-found.tsx')
    expect(moduleAt('/user-challenges/paused')).toBe('routes/not-found.tsx')
    expect(moduleAt('/no-such-page')).toBe('routes/not-found.tsx')
    // Member pages are the browser's to render: the server has no page module for them.
    expect(moduleAt('/user-challenges/ongoing')).toBeNull()
    expect(moduleAt('/user-challenges/completed')).toBeNull()
    expect(moduleAt('/my')).toBeNull()
  })
})

describe('renders side by side', () => {
  /** An app's API that knows one member, answering after `delayMs`. */
  const appKnowing = (name: string, delayMs: number) => async (path: string) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (path !== '/api/users/eve')
      return Response.json({ error: { code: 'not_found', message: 'No.' } }, { status: 404 })
    return Response.json(profilePageFixture({ name }))
  }
  const config = {
    brandName: 'Frontend Dojo',
    supportEmail: 'help@example.com',
    social: [],
    classrooms: 'open' as const,
  }

  it('each ask their own app, whichever started last', async () => {
    const request = () => new Request('https://dojo.example/profile/eve')
    // The first answers last: with one transport for the process, both would ask the second app.
    const [first, second] = await Promise.all([
      renderPage({ request: request(), api: appKnowing('Eve Of App One', 60), config }),
      renderPage({ request: request(), api: appKnowing('Eve Of App Two', 0), config }),
    ])
    expect(first?.html).toContain('Eve Of App One')
    expect(first?.html).not.toContain('Eve Of App Two')
    expect(second?.html).toContain('Eve Of App Two')
  })

  it('of one app never enter an async context, which would slow every later request of the process', async () => {
    // A renderer of its own, as a server loads it: no app has rendered with it yet.
    vi.resetModules()
    const fresh = await import('#web/entry-server.tsx')
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run')
    try {
      const api = appKnowing('Eve Of The Only App', 5)
      const pages = await Promise.all(
        [1, 2, 3].map(() =>
          fresh.renderPage({ request: new Request('https://dojo.example/profile/eve'), api, config }),
        ),
      )
      for (const page of pages) expect(page?.html).toContain('Eve Of The Only App')
      expect(run).not.toHaveBeenCalled()
      // A second app in the same process still reads its own API while the first renders.
      const [first, second] = await Promise.all([
        fresh.renderPage({ request: new Request('https://dojo.example/profile/eve'), api, config }),
        fresh.renderPage({
          request: new Request('https://dojo.example/profile/eve'),
          api: appKnowing('Eve Of A Second App', 0),
          config,
        }),
      ])
      expect(first?.html).toContain('Eve Of The Only App')
      expect(second?.html).toContain('Eve Of A Second App')
      expect(run).toHaveBeenCalledTimes(1)
    } finally {
      run.mockRestore()
    }
  })
})
