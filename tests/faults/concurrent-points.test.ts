import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PrivatePostgres, startPrivatePostgres } from '#tests/support/private-postgres.ts'
import { HttpClient, type ServerProcess, startServer } from '#tests/support/server-process.ts'

/**
 * Points must equal 10 × completed however a member's submits interleave. On PostgreSQL (READ
 * COMMITTED), summing without locking the member lets concurrent submits miss each other's points.
 * Runs on a private cluster, so it never depends on TEST_DATABASE_URL and is never skipped.
 */
describe('twenty concurrent submits of different challenges (real server process, PostgreSQL)', () => {
  let postgres: PrivatePostgres
  let server: ServerProcess
  let ids: number[] = []

  beforeAll(async () => {
    postgres = await startPrivatePostgres()
    server = await startServer({ databaseUrl: postgres.url })
    const visitor = new HttpClient(server.baseUrl)
    const { challenges } = await visitor.json<{ challenges: { id: number }[] }>('/api/challenges')
    ids = challenges.map((c) => c.id).slice(0, 20)
  })
  afterAll(async () => {
    await server?.destroy()
    await postgres?.destroy()
  })

  it('has twenty challenges to submit', () => {
    expect(ids).toHaveLength(20)
  })

  it.each([1, 2, 3])('keep points at 10 × completed (trial %i, a fresh member)', async (trial) => {
    const member = new HttpClient(server.baseUrl)
    await member.signIn(`parallel-member-${trial}`)
    for (const id of ids) {
      const started = await member.send('POST', `/api/me/challenges/${id}/start`)
      expect(started.status).toBe(200)
      await started.arrayBuffer()
    }
    const submits = await Promise.all(
      ids.map(async (id, i) => {
        const response = await member.send(
          'POST',
          `/api/me/challenges/${id}/submit`,
          { liveUrl: `https://example.github.io/p${i}` },
          30_000,
        )
        return { id, status: response.status, body: await response.text() }
      }),
    )
    expect(submits.filter((s) => s.status !== 200)).toEqual([])
    const { user } = await member.json<{ user: { points: number; submission: number } }>('/api/me')
    expect({ points: user.points, submission: user.submission }).toEqual({ points: 200, submission: 20 })
  })
})
