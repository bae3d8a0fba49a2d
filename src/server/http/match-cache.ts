import type { Result, Router } from 'hono/router'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { SmartRouter } from 'hono/router/smart-router'
import { TrieRouter } from 'hono/router/trie-router'

/** Distinct method and path pairs remembered; past this the oldest is forgotten first. */
const MAX_PATHS = 1000
/** Longer paths are matched each time: the memory kept stays small whatever the requests. */
const MAX_PATH_LENGTH = 200

/**
 * Hono's default router (SmartRouter over RegExpRouter and TrieRouter), with the last matches kept by
 * method and path. The app's routes cannot all be expressed by RegExpRouter (a literal segment beside
 * a parameter, `/challenges/count` and `/challenges/:id`), so Hono walks its trie on every request,
 * through the wildcard middleware of the whole app: a few microseconds that every API call paid,
 * a tenth of a member read's own work (docs/decisions/009-headers-and-compression-on-the-response.md).
 *
 * Routes are all added before the first request (SmartRouter refuses any later), so the answer for a
 * method and path never changes and can be kept as it is: Hono only reads it. Paths carry parameters
 * (a username), so what is kept is bounded, in number and in length.
 */
export class MatchCachingRouter<T> implements Router<T> {
  readonly name: string
  readonly #router: Router<T>
  readonly #matches = new Map<string, Result<T>>()

  constructor(router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] })) {
    this.#router = router
    this.name = `${router.name} (cached matches)`
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear()
    this.#router.add(method, path, handler)
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH_LENGTH) return this.#router.match(method, path)
    const key = `${method} ${path}`
    const kept = this.#matches.get(key)
    if (kept) return kept
    const result = this.#router.match(method, path)
    if (this.#matches.size >= MAX_PATHS) {
      const oldest = this.#matches.keys().next().value
      if (oldest !== undefined) this.#matches.delete(oldest)
    }
    this.#matches.set(key, result)
    return result
  }
}
