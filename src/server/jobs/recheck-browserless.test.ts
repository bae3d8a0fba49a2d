import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { jobs, submissionReviews, userChallenges, users } from '#server/db/schema.ts'
import { createJobQueue } from '#server/jobs/queue.ts'
import { RECHECK_JOB_KIND, startLinkRechecks } from '#server/jobs/recheck.ts'
import { createLogger } from '#server/logger.ts'
import { insertChallengeRows } from '#tests/support/challenge-rows.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'

/**
 * Re-checks must stay plain HTTP requests: thousands a week through a browser would be far too heavy.
 * Every module that can start one records it is loaded; the whole re-check path (scheduler, worker,
 * the real link check against a site on loopback) must load none of them.
 */
const loaded = vi.hoisted(() => [] as string[])
vi.mock('playwright-core', () => {
  loaded.push('playwright-core')
  return {}
})
vi.mock('#server/review/capture.ts', () => {
  loaded.push('capture')
  return {}
})
vi.mock('#server/chromium.ts', () => {
  loaded.push('chromium')
  return {}
})
vi.mock('lighthouse', () => {
  loaded.push('lighthouse')
  return {}
})
vi.mock('chrome-launcher', () => {
  loaded.push('chrome-launcher')
  return {}
})

async function waitFor(condition: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

describe('re-checks without a browser', () => {
  let database: TestDatabase
  let site: http.Server
  let port = 0

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    site = http.createServer((_req, res) => res.writeHead(200).end('ok'))
    site.listen(0, '127.0.0.1')
    await new Promise((resolve) => site.once('listening', resolve))
    port = (site.address() as AddressInfo).port
  })
  afterAll(async () => {
    site?.closeAllConnections()
    await new Promise((resolve) => site?.close(resolve))
    await database?.drop()
  })

  it('schedules, runs and records a re-check while no browser module is ever loaded', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ githubId: 7, username: 'no-browser' })
      .returning({ id: users.id })
    const [challenge] = await insertChallengeRows(database.db, 1, 'Browserless')
    const url = `http://127.0.0.1:${port}/project`
    const [row] = await database.db
      .insert(userChallenges)
      .values({
        userId: user?.id ?? '',
        challengeId: challenge?.id ?? 0,
        status: 'completed',
        completedAt: new Date(),
        challengeLive: url,
        linkFailures: 1,
        linkFirstFailureAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: userChallenges.id })
    // The address is public once a review passed there (docs/product.md §11): that is what is checked.
    const [review] = await database.db
      .insert(submissionReviews)
      .values({ userChallengeId: row?.id ?? 0, status: 'passed', requestedUrl: url })
      .returning({ id: submissionReviews.id })
    await database.db
      .update(userChallenges)
      .set({ passedReviewId: review?.id ?? null })
      .where(eq(userChallenges.id, row?.id ?? 0))
    const rechecks = startLinkRechecks({
      db: database.db,
      queue: createJobQueue(database.db),
      log: createLogger('silent'),
      // The server's own default check, with the test-only loopback allowance.
      allowLoopback: { ports: [port] },
      firstTickMs: 0,
      pollMs: 20,
    })
    try {
      const checked = async () => {
        const [now] = await database.db
          .select({ checkedAt: userChallenges.linkCheckedAt, failures: userChallenges.linkFailures })
          .from(userChallenges)
          .where(eq(userChallenges.id, row?.id ?? 0))
        return now?.checkedAt !== null && now?.failures === 0
      }
      expect(await waitFor(checked)).toBe(true)
      const rows = await database.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(eq(jobs.kind, RECHECK_JOB_KIND))
      expect(rows).toEqual([{ status: 'done' }])
    } finally {
      await rechecks.stop()
    }
    expect(loaded).toEqual([])
  })
})
