import { Hono } from 'hono'
import type { Result, Router } from 'hono/router'
import { TrieRouter } from 'hono/router/trie-router'
import { describe, expect, it } from 'vitest'
import { MatchCachingRouter } from '#server/http/match-cache.ts'

/** A trie router that counts the matches it is asked for. */
function countingRouter() {
  const trie = new TrieRouter<string>()
  const asked: string[] = []
  const router: Router<string> = {
    name: 'counting',
    add: (method, path, handler) => trie.add(method, path, handler),
    match(method, path): Result<string> {
      asked.push(`${method} ${path}`)
      return trie.match(method, path)
    },
  }
  return { router, asked }
}

/** The handlers a match found, in order, with their parameters. */
const found = (result: Result<string>) =>
  result[0].map(([handler, params]) => [handler, Object.fromEntries(Object.entries(params))])

describe('the router that keeps its matches', () => {
  it('answers what the router under it answers, and asks it once per method and path', () => {
    const { router, asked } = countingRouter()
    const cached = new MatchCachingRouter(router)
    cached.add('ALL', '/api/*', 'guard')
    cached.add('GET', '/api/users/count', 'count')
    cached.add('GET', '/api/users/:username', 'profile')
    const reference = new TrieRouter<string>()
    reference.add('ALL', '/api/*', 'guard')
    reference.add('GET', '/api/users/count', 'count')
    reference.add('GET', '/api/users/:username', 'profile')

    for (const [method, path] of [
      ['GET', '/api/users/count'],
      ['GET', '/api/users/ada'],
      ['GET', '/api/users/grace'],
      ['POST', '/api/users/ada'],
      ['GET', '/elsewhere'],
    ] as const) {
      expect(found(cached.match(method, path))).toEqual(found(reference.match(method, path)))
      expect(found(cached.match(method, path))).toEqual(found(reference.match(method, path)))
    }
    expect(asked).toEqual([
      'GET /api/users/count',
      'GET /api/users/ada',
      'GET /api/users/grace',
      'POST /api/users/ada',
      'GET /elsewhere',
    ])
  })

  it('keeps a bounded number of paths, the oldest going first, and never very long ones', () => {
    const { router, asked } = countingRouter()
    const cached = new MatchCachingRouter(router)
    cached.add('GET', '/users/:username', 'profile')
    cached.match('GET', '/users/first')
    for (let i = 0; i < 1000; i++) cached.match('GET', `/users/member-${i}`)
    asked.length = 0
    cached.match('GET', '/users/member-999')
    expect(asked).toEqual([])
    cached.match('GET', '/users/first')
    expect(asked).toEqual(['GET /users/first'])

    const long = `/users/${'x'.repeat(300)}`
    cached.match('GET', long)
    cached.match('GET', long)
    expect(asked.filter((path) => path === `GET ${long}`)).toHaveLength(2)
  })

  it('gives each request of a Hono app its own parameters', async () => {
    const app = new Hono({ router: new MatchCachingRouter() })
      .get('/users/count', (c) => c.text('count'))
      .get('/users/:username', (c) => c.text(`profile of ${c.req.param('username')}`))
    for (let round = 0; round < 2; round++) {
      expect(await (await app.request('/users/ada')).text()).toBe('profile of ada')
      expect(await (await app.request('/users/grace')).text()).toBe('profile of grace')
      expect(await (await app.request('/users/count')).text()).toBe('count')
      expect(await (await app.request('/users/caf%C3%A9')).text()).toBe('profile of café')
    }
  })
})
