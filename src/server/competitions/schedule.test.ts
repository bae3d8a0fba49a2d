import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scheduleNextWeek } from '#server/competitions/schedule.ts'
import { competitionFileSchema } from '#shared/competition.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'

async function folders() {
  const contentDir = await temporaryDir()
  const competitionsDir = join(await temporaryDir(), 'competitions')
  await mkdir(competitionsDir)
  for (const title of ['Alpha Navbar', 'Beta Footer', 'Gamma Hero']) {
    const slug = title.replace(/ /g, '-')
    await mkdir(join(contentDir, slug))
    await writeFile(join(contentDir, slug, 'challenge.json'), JSON.stringify({ title }))
  }
  return { contentDir, competitionsDir }
}

describe('npm run competitions:schedule', () => {
  it("writes next week's file on the challenge that has gone longest without a competition", async () => {
    const dirs = await folders()
    await writeFile(
      join(dirs.competitionsDir, '2026-w48.json'),
      JSON.stringify({ title: 'Week 48', challenge: 'Beta-Footer', week: '2026-W48' }),
    )
    // Tuesday of week 48: next week is 49. Alpha and Gamma never had one: Alpha, by title.
    const first = await scheduleNextWeek({ ...dirs, now: new Date('2026-11-24T10:00:00Z') })
    expect(first).toMatchObject({
      challenge: 'Alpha-Navbar',
      week: '2026-W49',
      title: 'Week 49: Alpha Navbar',
    })
    const written = JSON.parse(await readFile(join(dirs.competitionsDir, '2026-w49.json'), 'utf8'))
    expect(competitionFileSchema.parse(written)).toEqual({
      title: 'Week 49: Alpha Navbar',
      challenge: 'Alpha-Navbar',
      week: '2026-W49',
    })

    // The same week again: nothing written.
    expect(await scheduleNextWeek({ ...dirs, now: new Date('2026-11-29T23:00:00Z') })).toBeNull()
    expect(await readdir(dirs.competitionsDir)).toHaveLength(2)

    // Then Gamma (never used), then Beta (week 48 is older than Alpha's week 49).
    expect((await scheduleNextWeek({ ...dirs, now: new Date('2026-12-01T00:00:00Z') }))?.challenge).toBe(
      'Gamma-Hero',
    )
    expect((await scheduleNextWeek({ ...dirs, now: new Date('2026-12-08T00:00:00Z') }))?.challenge).toBe(
      'Beta-Footer',
    )
  })

  it('crosses into the next year by ISO weeks', async () => {
    const dirs = await folders()
    const scheduled = await scheduleNextWeek({ ...dirs, now: new Date('2026-12-30T12:00:00Z') })
    expect(scheduled?.week).toBe('2027-W01')
  })
})
