import { describe, expect, it } from 'vitest'
import { createExpiringCache } from '#server/http/expiring-cache.ts'

type Value = { owner: string; n: number }

function setup(ttlMs = 2000) {
  let now = 1000
  const cache = createExpiringCache<Value>({
    ttlMs,
    maxEntries: 3,
    ownerOf: (value) => value.owner,
    now: () => now,
  })
  return { cache, advance: (ms: number) => (now += ms) }
}

/** A read the test finishes by hand, counting how often it was started. */
function controlledRead() {
  const started: ((value: Value) => void)[] = []
  const failures: ((error: Error) => void)[] = []
  const read = () =>
    new Promise<Value>((resolve, reject) => {
      started.push(resolve)
      failures.push(reject)
    })
  return { read, started, failures }
}

describe('the expiring cache', () => {
  it('keeps a value for its lifetime only', () => {
    const { cache, advance } = setup()
    cache.set('a', { owner: 'u1', n: 1 })
    advance(1999)
    expect(cache.get('a')?.n).toBe(1)
    advance(1)
    expect(cache.get('a')).toBeUndefined()
  })

  it('drops the oldest value past its size', () => {
    const { cache } = setup()
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, { owner: 'u1', n: 1 })
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('d')?.n).toBe(1)
  })

  it('lets expired values go when a new one comes, not only when they are asked for', () => {
    const { cache, advance } = setup()
    cache.set('a', { owner: 'u1', n: 1 })
    cache.set('b', { owner: 'u1', n: 2 })
    advance(1000)
    cache.set('c', { owner: 'u1', n: 3 })
    advance(1000)
    // a and b have expired: setting d drops both, so the map holds c and d only.
    cache.set('d', { owner: 'u1', n: 4 })
    advance(-2000)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')?.n).toBe(3)
  })

  it("forgets one key, one member's values, or all", () => {
    const { cache } = setup()
    cache.set('a', { owner: 'u1', n: 1 })
    cache.set('b', { owner: 'u1', n: 2 })
    cache.set('c', { owner: 'u2', n: 3 })
    cache.forget('a')
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')?.n).toBe(2)
    cache.forgetOwner('u1')
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')?.n).toBe(3)
    cache.clear()
    expect(cache.get('c')).toBeUndefined()
  })

  it('reads a missing value once however many ask at the same time, then keeps it', async () => {
    const { cache } = setup()
    const { read, started } = controlledRead()
    const answers = Promise.all([cache.load('a', read), cache.load('a', read), cache.load('a', read)])
    expect(started).toHaveLength(1)
    started[0]?.({ owner: 'u1', n: 7 })
    expect((await answers).map((value) => value.n)).toEqual([7, 7, 7])
    expect((await cache.load('a', read)).n).toBe(7)
    expect(started).toHaveLength(1)
  })

  it('does not keep a failed read: the next caller reads again', async () => {
    const { cache } = setup()
    const { read, started, failures } = controlledRead()
    const first = cache.load('a', read)
    failures[0]?.(new Error('database away'))
    await expect(first).rejects.toThrow('database away')
    const second = cache.load('a', read)
    expect(started).toHaveLength(2)
    started[1]?.({ owner: 'u1', n: 2 })
    expect((await second).n).toBe(2)
  })

  it('never keeps a value read across a change, and callers after the change read anew', async () => {
    const { cache } = setup()
    const { read, started } = controlledRead()
    const before = cache.load('a', read)
    // The member's row changes while the first read is on its way.
    cache.forgetOwner('u1')
    const after = cache.load('a', read)
    expect(started).toHaveLength(2)
    started[0]?.({ owner: 'u1', n: 1 })
    started[1]?.({ owner: 'u1', n: 2 })
    expect((await before).n).toBe(1)
    expect((await after).n).toBe(2)
    // What is kept is the read that began after the change.
    expect(cache.get('a')?.n).toBe(2)
  })

  it('with a lifetime of 0 keeps nothing and shares no read', async () => {
    const { cache } = setup(0)
    const { read, started } = controlledRead()
    const answers = Promise.all([cache.load('a', read), cache.load('a', read)])
    expect(started).toHaveLength(2)
    for (const resolve of started) resolve({ owner: 'u1', n: 1 })
    await answers
    expect(cache.get('a')).toBeUndefined()
  })
})
