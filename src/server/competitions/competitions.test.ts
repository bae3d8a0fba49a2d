import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CompetitionContentError, importCompetitions } from '#server/competitions/content.ts'
import { closeEndedCompetitions, readStandings } from '#server/competitions/standings.ts'
import { competitionResults, competitions, userBadges, userChallenges } from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import { competitionsResponse } from '#shared/competition.ts'
import { createTestAppWithCatalogue } from '#tests/support/app.ts'
import { browser } from '#tests/support/auth.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { createMember, createReviewedSubmission, type FinishedReview } from '#tests/support/factories.ts'

type TestApp = Awaited<ReturnType<typeof createTestAppWithCatalogue>>['t']

/** ISO week 2026-W49: Monday 30 November 00:00 UTC to Monday 7 December 00:00 UTC. */
const START = new Date('2026-11-30T00:00:00Z')
const END = new Date('2026-12-07T00:00:00Z')
const during = (hours: number) => new Date(START.getTime() + hours * 3600_000)

describe.each(TEST_DATABASES)('competitions on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let catalogue: Challenge[]

  const competitionFiles = async (files: Record<string, unknown>) => {
    const dir = await temporaryDir()
    for (const [name, body] of Object.entries(files))
      await writeFile(join(dir, name), typeof body === 'string' ? body : JSON.stringify(body))
    return dir
  }
  const member = (login: string) => createMember(database.db, login)
  /** Passed reviews unless a review says otherwise: only passed ones enter (docs/product.md §10). */
  const reviewed = (userId: string, challenge: Challenge, reviews: FinishedReview[]) =>
    createReviewedSubmission(
      database.db,
      userId,
      challenge.id,
      reviews.map((review) => ({ status: 'passed', ...review })),
    )

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const app = await createTestAppWithCatalogue(database, 'Contest')
    t = app.t
    catalogue = app.catalogue
  })
  beforeEach(async () => {
    await database.db.delete(competitions)
    await database.db.delete(userChallenges)
  })
  afterAll(async () => {
    await database?.drop()
  })

  describe('as content', () => {
    it('imports a week and an explicit window, and a second import changes nothing', async () => {
      const [navbar, footer] = catalogue as [Challenge, Challenge]
      const dir = await competitionFiles({
        '2026-w49.json': { title: 'Week 49: navbars', challenge: navbar.slug, week: '2026-W49' },
        'holiday-sprint.json': {
          title: 'Holiday sprint',
          challenge: footer.slug,
          start: '2026-12-20T00:00:00Z',
          end: '2026-12-23T12:00:00+01:00',
        },
      })
      expect(await importCompetitions(database.db, dir)).toEqual({
        created: ['2026-w49', 'holiday-sprint'],
        updated: [],
        unchanged: [],
      })
      const rows = await database.db.select().from(competitions).orderBy(competitions.startsAt)
      expect(
        rows.map((row) => [row.slug, row.challengeId, row.startsAt.toISOString(), row.endsAt.toISOString()]),
      ).toEqual([
        ['2026-w49', navbar.id, START.toISOString(), END.toISOString()],
        ['holiday-sprint', footer.id, '2026-12-20T00:00:00.000Z', '2026-12-23T11:00:00.000Z'],
      ])
      expect(await importCompetitions(database.db, dir)).toEqual({
        created: [],
        updated: [],
        unchanged: ['2026-w49', 'holiday-sprint'],
      })

      await writeFile(
        join(dir, '2026-w49.json'),
        JSON.stringify({ title: 'Week 49: better navbars', challenge: navbar.slug, week: '2026-W49' }),
      )
      expect((await importCompetitions(database.db, dir)).updated).toEqual(['2026-w49'])
    })

    it('imports nothing from a missing folder', async () => {
      expect(await importCompetitions(database.db, join(await temporaryDir(), 'none'))).toEqual({
        created: [],
        updated: [],
        unchanged: [],
      })
    })

    it('refuses overlaps, unknown challenges and bad files, naming each, and imports none of them', async () => {
      const [navbar] = catalogue as [Challenge]
      const dir = await competitionFiles({
        'a.json': { title: 'A', challenge: navbar.slug, week: '2026-W49' },
        'b.json': {
          title: 'B',
          challenge: navbar.slug,
          start: '2026-12-06T00:00:00Z',
          end: '2026-12-08T00:00:00Z',
        },
        'c.json': { title: 'C', challenge: 'No-Such-Challenge', week: '2027-W02' },
        'd.json': '{ not json',
        'e.json': { title: 'E', challenge: navbar.slug, week: '2027-W03', start: '2027-01-18T00:00:00Z' },
        'f.json': {
          title: 'F',
          challenge: navbar.slug,
          start: '2027-02-02T00:00:00Z',
          end: '2027-02-01T00:00:00Z',
        },
        'g.json': { title: 'G', challenge: navbar.slug, week: '2027-W60' },
        'Bad Name.json': { title: 'H', challenge: navbar.slug, week: '2027-W09' },
      })
      const error = await importCompetitions(database.db, dir).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(CompetitionContentError)
      const message = (error as Error).message
      expect(message).toMatch(/b\.json: runs at the same time as a/)
      expect(message).toMatch(/c\.json \(challenge\): there is no challenge "No-Such-Challenge"/)
      expect(message).toMatch(/d\.json: is not valid JSON/)
      expect(message).toMatch(/e\.json: give either "week" or both "start" and "end"/)
      expect(message).toMatch(/f\.json \(end\): must be after "start"/)
      expect(message).toMatch(/g\.json \(week\): must be an ISO week/)
      expect(message).toMatch(/Bad Name\.json: the file name must be/)
      expect(await database.db.select().from(competitions)).toEqual([])
    })
  })

  describe('entries and standings', () => {
    const window = () => ({ challengeId: (catalogue[0] as Challenge).id, startsAt: START, endsAt: END })

    it("ranks each member's best passed score from 80 up, ignoring reviews outside the window", async () => {
      const challenge = catalogue[0] as Challenge
      const [ada, bo, cy, di, ed, flo] = [
        await member('ada'),
        await member('bo'),
        await member('cy'),
        await member('di'),
        await member('ed'),
        await member('flo'),
      ]
      await reviewed(ada.id, challenge, [
        { score: 85, at: during(1) },
        { score: 93, at: during(20) },
        { score: 99, at: new Date(END.getTime() + 1000) }, // asked for after the end
      ])
      await reviewed(bo.id, challenge, [
        { score: 97, at: during(-1) }, // before the start
        { score: 98, at: during(24 * 7 - 0.01), finishedAt: new Date(END.getTime() + 5000) }, // finished too late
        { score: 81, at: during(30) },
      ])
      await reviewed(cy.id, challenge, [{ score: 79.9, at: during(2) }]) // below 80: not ranked
      // Scored, but failed: not the member's own site.
      await reviewed(di.id, challenge, [
        { score: 96, at: during(3), status: 'failed', ownership: 'mismatch' },
      ])
      await reviewed(ed.id, challenge, [{ score: 90, at: during(4), status: 'failed' }])
      await reviewed(flo.id, challenge, [{ score: 95, at: during(5), status: 'running' }]) // not decided yet

      const standings = await readStandings(database.db, window())
      expect(standings.map((row) => [row.rank, row.username, row.score])).toEqual([
        [1, 'ada', 93],
        [2, 'bo', 81],
      ])
      expect(standings[0]?.enteredAt.toISOString()).toBe(during(20).toISOString())
    })

    it('ranks the earlier of two equal scores higher', async () => {
      const challenge = catalogue[0] as Challenge
      const [late, early] = [await member('aaron-late'), await member('zed-early')]
      await reviewed(late.id, challenge, [{ score: 90, at: during(10) }])
      await reviewed(early.id, challenge, [
        { score: 90, at: during(5) },
        { score: 90, at: during(50) },
      ])
      const standings = await readStandings(database.db, window())
      expect(standings.map((row) => [row.rank, row.username])).toEqual([
        [1, 'zed-early'],
        [2, 'aaron-late'],
      ])
      expect(standings[0]?.enteredAt.toISOString()).toBe(during(5).toISOString())
    })

    it('freezes the results once at the end: closing again, or twice at once, changes nothing', async () => {
      const challenge = catalogue[0] as Challenge
      const dir = await competitionFiles({
        '2026-w49.json': { title: 'Week 49', challenge: challenge.slug, week: '2026-W49' },
      })
      await importCompetitions(database.db, dir)
      const winner = await member('winner')
      await reviewed(winner.id, challenge, [{ score: 91, at: during(6) }])

      expect(await closeEndedCompetitions(database.db, during(24))).toEqual([]) // still running
      const [first, second] = await Promise.all([
        closeEndedCompetitions(database.db, END),
        closeEndedCompetitions(database.db, END),
      ])
      expect([...(first ?? []), ...(second ?? [])]).toEqual(['2026-w49'])
      expect(await closeEndedCompetitions(database.db, new Date(END.getTime() + 3600_000))).toEqual([])

      // A review that finishes later does not change frozen results.
      await reviewed((await member('too-late')).id, challenge, [{ score: 99, at: during(7) }])
      expect(await closeEndedCompetitions(database.db, new Date(END.getTime() + 7200_000))).toEqual([])
      const results = await database.db.select().from(competitionResults)
      expect(results.map((row) => [row.rank, row.userId, row.score])).toEqual([[1, winner.id, 91]])
      // Its badges, once: an entry (bronze), and 91 at every width (silver); no quality report, no gold.
      const badges = await database.db.select().from(userBadges).where(eq(userBadges.userId, winner.id))
      expect(badges.map((row) => [row.badge, row.reason]).sort()).toEqual([
        ['competition-bronze', 'competition:2026-w49'],
        ['competition-silver', 'competition:2026-w49'],
      ])
      const [row] = await database.db.select().from(competitions).where(eq(competitions.slug, '2026-w49'))
      expect(row?.closedAt?.toISOString()).toBe(END.toISOString())
    })
  })

  describe('GET /api/competitions', () => {
    it('says there is none when none is scheduled', async () => {
      const response = await browser(t.app).get('/api/competitions')
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ running: null, upcoming: [], past: [] })
    })

    it('shows the running one with its live ranking, the next one, and past results', async () => {
      const [navbar, footer, hero] = catalogue as [Challenge, Challenge, Challenge]
      const now = Date.now()
      const iso = (ms: number) => new Date(now + ms).toISOString()
      const day = 24 * 3600_000
      const dir = await competitionFiles({
        'past.json': { title: 'Past', challenge: footer.slug, start: iso(-10 * day), end: iso(-3 * day) },
        'now.json': { title: 'Now', challenge: navbar.slug, start: iso(-day), end: iso(6 * day) },
        'next.json': { title: 'Next', challenge: hero.slug, start: iso(6 * day), end: iso(13 * day) },
      })
      await importCompetitions(database.db, dir)
      const [runner, veteran, shy] = [await member('runner'), await member('veteran'), await member('shy')]
      const running = await reviewed(runner.id, navbar, [{ score: 88.4, at: new Date(now - 3600_000) }])
      const past = await reviewed(veteran.id, footer, [{ score: 95, at: new Date(now - 5 * day) }])
      // A hidden solution still ranks, unlinked: its page is its member's only (docs/product.md §11).
      const hidden = await reviewed(shy.id, navbar, [{ score: 85, at: new Date(now - 7200_000) }])
      await database.db.update(userChallenges).set({ hidden: true }).where(eq(userChallenges.id, hidden.id))
      await closeEndedCompetitions(database.db)

      const body = competitionsResponse.parse(await (await browser(t.app).get('/api/competitions')).json())
      expect(body.running?.competition).toMatchObject({
        slug: 'now',
        title: 'Now',
        challenge: { id: navbar.id },
      })
      expect(body.running?.ranking).toEqual([
        {
          rank: 1,
          username: 'runner',
          name: 'runner',
          avatarUrl: null,
          score: 88.4,
          enteredAt: new Date(now - 3600_000).toISOString(),
          verified: true,
          solutionId: running.publicId,
        },
        {
          rank: 2,
          username: 'shy',
          name: 'shy',
          avatarUrl: null,
          score: 85,
          enteredAt: new Date(now - 7200_000).toISOString(),
          verified: true,
          solutionId: null,
        },
      ])
      expect(body.upcoming.map((c) => c.slug)).toEqual(['next'])
      expect(
        body.past.map((p) => [
          p.competition.slug,
          p.results.map((r) => [r.rank, r.username, r.score, r.solutionId]),
        ]),
      ).toEqual([['past', [[1, 'veteran', 95, past.publicId]]]])
    })
  })
})
