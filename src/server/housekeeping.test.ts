import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '#server/auth/session.ts'
import { oauthStates, sessions, users } from '#server/db/schema.ts'
import { removeExpiredRows, startHousekeeping } from '#server/housekeeping.ts'
import { createLogger } from '#server/logger.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

const DAY = 24 * 60 * 60 * 1000

describe.each(TEST_DATABASES)('housekeeping on %s', (kind) => {
  let database: TestDatabase
  let userId: string

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const [user] = await database.db
      .insert(users)
      .values({ githubId: 77, username: 'sleeper' })
      .returning({ id: users.id })
    userId = user?.id ?? ''
  })
  afterAll(async () => {
    await database?.drop()
  })

  /** Sessions made `ago` in the past: idle-expired after 14 days, and absolutely after 60. */
  const seed = async () => {
    await database.db.delete(sessions)
    await database.db.delete(oauthStates)
    const now = Date.now()
    await createSession(database.db, userId, new Date(now - 20 * DAY)) // idle-expired
    await createSession(database.db, userId, new Date(now)) // live
    await database.db.insert(sessions).values({
      idHash: 'rolled-but-too-old',
      userId,
      createdAt: new Date(now - 61 * DAY),
      expiresAt: new Date(now + DAY),
      absoluteExpiresAt: new Date(now - DAY),
    })
    await database.db.insert(oauthStates).values([
      { stateHash: 'old', browserKeyHash: 'k', codeVerifier: 'v', expiresAt: new Date(now - 1000) },
      { stateHash: 'new', browserKeyHash: 'k', codeVerifier: 'v', expiresAt: new Date(now + 60_000) },
    ])
  }
  const remaining = async () => ({
    sessions: (await database.db.select().from(sessions)).length,
    states: (await database.db.select({ hash: oauthStates.stateHash }).from(oauthStates)).map((r) => r.hash),
  })

  it('removes expired sessions and unfinished sign-ins, and keeps live ones', async () => {
    await seed()
    expect((await remaining()).sessions).toBe(3)
    await removeExpiredRows(database.db)
    expect(await remaining()).toEqual({ sessions: 1, states: ['new'] })
  })

  it('does so on its own, on a timer', async () => {
    await seed()
    const stop = startHousekeeping(database.db, createLogger('silent'), { intervalMs: 50, firstRunMs: 10 })
    try {
      const deadline = Date.now() + 10_000
      while ((await remaining()).sessions !== 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      expect(await remaining()).toEqual({ sessions: 1, states: ['new'] })
    } finally {
      stop()
    }
  })
})
