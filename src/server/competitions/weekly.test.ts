import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { importCompetitions } from '#server/competitions/content.ts'
import { ensureWeeklyCompetition } from '#server/competitions/weekly.ts'
import { competitions } from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import { createTestAppWithCatalogue } from '#tests/support/app.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'

/** ISO week 2026-W49: Monday 30 November 00:00 UTC to Monday 7 December 00:00 UTC. */
const START = new Date('2026-11-30T00:00:00Z')
const END = new Date('2026-12-07T00:00:00Z')
const WEEK = 7 * 24 * 3600_000
const during = (hours: number) => new Date(START.getTime() + hours * 3600_000)
const weeksLater = (weeks: number) => new Date(START.getTime() + weeks * WEEK + 36 * 3600_000)

describe.each(TEST_DATABASES)('the weekly competition on %s', (kind) => {
  let database: TestDatabase
  /** The catalogue in slug order: the order the weeks take its challenges in. */
  let bySlug: Challenge[]

  const rows = () => database.db.select().from(competitions).orderBy(competitions.startsAt)
  const operatorFiles = async (files: Record<string, object>) => {
    const dir = await temporaryDir()
    for (const [name, body] of Object.entries(files)) await writeFile(join(dir, name), JSON.stringify(body))
    await importCompetitions(database.db, dir)
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const { catalogue } = await createTestAppWithCatalogue(database, 'Weekly')
    bySlug = [...catalogue].sort((a, b) => (a.slug < b.slug ? -1 : 1))
  })
  beforeEach(async () => {
    await database.db.delete(competitions)
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('starts one for the current ISO week when none runs, once however many processes ask', async () => {
    const started = await Promise.all([
      ensureWeeklyCompetition(database.db, during(50)),
      ensureWeeklyCompetition(database.db, during(50)),
      ensureWeeklyCompetition(database.db, during(51)),
    ])
    expect(started.filter(Boolean)).toHaveLength(1)
    const [row, ...others] = await rows()
    expect(others).toEqual([])
    expect(row).toMatchObject({ slug: '2026-w49', startsAt: START, endsAt: END, closedAt: null })
    const challenge = bySlug.find((c) => c.id === row?.challengeId)
    expect(row?.title).toBe(`Week 49: ${challenge?.title}`)
    expect(started.find(Boolean)).toEqual({
      slug: '2026-w49',
      title: row?.title,
      challengeSlug: challenge?.slug,
      startsAt: START,
      endsAt: END,
    })

    // Later the same week it is running: nothing more.
    expect(await ensureWeeklyCompetition(database.db, during(160))).toBeNull()
    expect(await rows()).toHaveLength(1)
  })

  it('takes the catalogue in slug order, one challenge a week, round and round', async () => {
    const picked: string[] = []
    for (const weeks of [0, 1, 2, 3]) {
      const started = await ensureWeeklyCompetition(database.db, weeksLater(weeks))
      picked.push(started?.challengeSlug ?? 'none')
    }
    const first = bySlug.findIndex((c) => c.slug === picked[0])
    expect(first).toBeGreaterThanOrEqual(0)
    const expected = [0, 1, 2, 3].map((i) => bySlug[(first + i) % bySlug.length]?.slug)
    expect(picked).toEqual(expected)
    expect(bySlug).toHaveLength(3)
    expect(picked[3]).toBe(picked[0])
    expect((await rows()).map((row) => row.slug)).toEqual(['2026-w49', '2026-w50', '2026-w51', '2026-w52'])
  })

  it('picks the same challenge for a week whichever day it starts on', async () => {
    const monday = await ensureWeeklyCompetition(database.db, START)
    await database.db.delete(competitions)
    const sunday = await ensureWeeklyCompetition(database.db, new Date(END.getTime() - 1000))
    expect(sunday?.challengeSlug).toBe(monday?.challengeSlug)
    expect(sunday?.slug).toBe('2026-w49')
  })

  it("leaves an operator's running competition alone and fits the week around the operator's others", async () => {
    const [a, b] = bySlug as [Challenge, Challenge]
    await operatorFiles({
      'launch.json': {
        title: 'Launch',
        challenge: a.slug,
        start: during(-24).toISOString(),
        end: during(48).toISOString(),
      },
      'weekend.json': {
        title: 'Weekend',
        challenge: b.slug,
        start: during(120).toISOString(),
        end: END.toISOString(),
      },
    })
    // The operator's runs: nothing is started.
    expect(await ensureWeeklyCompetition(database.db, during(10))).toBeNull()
    expect(await rows()).toHaveLength(2)

    // Between the two: the week's competition fills the gap, from one's end to the other's start.
    const started = await ensureWeeklyCompetition(database.db, during(60))
    expect(started).toMatchObject({ startsAt: during(48), endsAt: during(120) })
    expect(started?.slug).toBe(`2026-w49-${during(48).getTime() / 1000}`)
    expect((await rows()).map((row) => row.title)).toEqual(['Launch', started?.title, 'Weekend'])
    expect(await ensureWeeklyCompetition(database.db, during(100))).toBeNull()
    expect(await ensureWeeklyCompetition(database.db, during(130))).toBeNull()
    expect(await rows()).toHaveLength(3)
  })

  it("gives way to the operator's file for the week, which the importer then takes as its own", async () => {
    const started = await ensureWeeklyCompetition(database.db, during(10))
    const [other] = bySlug.filter((c) => c.slug !== started?.challengeSlug) as [Challenge]
    await operatorFiles({
      '2026-w49.json': { title: 'Week 49: chosen', challenge: other.slug, week: '2026-W49' },
    })
    const [row, ...more] = await rows()
    expect(more).toEqual([])
    expect(row).toMatchObject({ slug: '2026-w49', title: 'Week 49: chosen', challengeId: other.id })
  })

  it('starts nothing while the catalogue is empty', async () => {
    const empty = await createTestDatabase(kind)
    try {
      expect(await ensureWeeklyCompetition(empty.db, during(10))).toBeNull()
    } finally {
      await empty.drop()
    }
  })
})
