import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOOPBACK_ONLY_DNS_ENV } from '#tests/support/loopback-only-dns.ts'
import { HttpClient, type ServerProcess, startServer } from '#tests/support/server-process.ts'

type Me = { user: { username: string; points: number; submission: number } }
type Completed = { challenges: { challenge: { id: number } }[] }
type Reviews = { reviews: { requestedUrl: string; status: string }[] }

/**
 * The submits' reviews wait in the queue (no review workers): a submit's acknowledged writes are its
 * iteration (the live URL) and its queued review (docs/product.md §4), and no site is ever opened.
 */
const SERVER_ENV = { REVIEW_WORKERS: '0', LINK_CHECK_WORKERS: '0', ...LOOPBACK_ONLY_DNS_ENV }

/**
 * An answer 200 to a write is a promise: after kill -9 and a restart on the same data folder, the
 * write is there. (PGlite, the default database, lives inside the server process.)
 */
describe('acknowledged writes survive kill -9 (real server process, PGlite)', () => {
  let server: ServerProcess
  let dataDir: string
  let member: HttpClient
  let ids: number[] = []
  /** Challenge id → the live URL whose submit was answered 200. */
  const acknowledged = new Map<number, string>()

  beforeAll(async () => {
    // Not about the first start: a copy of the prepared data folder (server-process.ts).
    server = await startServer({ env: SERVER_ENV, prepared: true })
    dataDir = server.dataDir
    member = new HttpClient(server.baseUrl)
    await member.signIn('crash-member')
    const { challenges } = await member.json<{ challenges: { id: number }[] }>('/api/challenges')
    ids = challenges.map((c) => c.id)
    expect(ids.length).toBeGreaterThanOrEqual(12)
  })
  afterAll(async () => {
    await server?.destroy()
  })

  const complete = async (id: number) => {
    const started = await member.send('POST', `/api/me/challenges/${id}/start`)
    await started.arrayBuffer()
    if (started.status !== 200) return started.status
    const liveUrl = `https://crash-member.github.io/c${id}`
    const submitted = await member.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl })
    await submitted.arrayBuffer()
    if (submitted.status === 200) acknowledged.set(id, liveUrl)
    return submitted.status
  }

  /** kill -9, then a new process on the same data folder (the lock of the dead one must not stop it). */
  const crashAndRestart = async () => {
    await server.kill9()
    server = await startServer({ dataDir, env: SERVER_ENV, readyTimeoutMs: 60_000 })
    // The session cookie is one of the acknowledged writes too; the new process has a new port.
    const cookies = member.cookies
    member = new HttpClient(server.baseUrl)
    for (const [name, value] of cookies) member.cookies.set(name, value)
  }

  const expectAcknowledgedPresent = async () => {
    const me = await member.request('/api/me')
    expect(me.status).toBe(200)
    const { user } = (await me.json()) as Me
    for (const [id, liveUrl] of acknowledged) {
      const { reviews } = await member.json<Reviews>(`/api/me/challenges/${id}/reviews`)
      expect(reviews.map((r) => [r.requestedUrl, r.status])).toContainEqual([liveUrl, 'queued'])
    }
    // Points come from passed reviews only, and none ran: the totals still agree with the rows.
    const { challenges } = await member.json<Completed>('/api/me/challenges?status=completed')
    const completed = new Set(challenges.map((c) => c.challenge.id))
    expect({ points: user.points, submission: user.submission }).toEqual({
      points: 10 * completed.size,
      submission: completed.size,
    })
  }

  it('keeps each write acknowledged one by one before the kill', async () => {
    for (const id of ids.slice(0, 4)) expect(await complete(id)).toBe(200)
    await crashAndRestart()
    await expectAcknowledgedPresent()
  })

  it('keeps the writes acknowledged from a burst that the kill interrupts', async () => {
    const burst = ids.slice(4, 12)
    for (const id of burst) {
      const started = await member.send('POST', `/api/me/challenges/${id}/start`)
      expect(started.status).toBe(200)
      await started.arrayBuffer()
    }
    let killed: Promise<void> | undefined
    const victim = server
    const results = await Promise.allSettled(
      burst.map(async (id) => {
        const liveUrl = `https://crash-member.github.io/burst${id}`
        const response = await member.send('POST', `/api/me/challenges/${id}/submit`, { liveUrl })
        await response.arrayBuffer()
        if (response.status === 200) {
          acknowledged.set(id, liveUrl)
          // Kill right after the first acknowledged write, while the others are in flight.
          killed ??= victim.kill9()
        }
        return response.status
      }),
    )
    await (killed ?? victim.kill9())
    expect(results.some((r) => r.status === 'fulfilled' && r.value === 200)).toBe(true)
    await crashAndRestart()
    await expectAcknowledgedPresent()
  })
})
