import { describe, expect, it } from 'vitest'
import { suggestNext } from '#server/learning-paths/next.ts'
import type { ChallengeProgress } from '#server/learning-paths/progress.ts'
import type { Challenge } from '#shared/challenge.ts'
import type { LearningPath } from '#shared/learning-paths.ts'

let ids = 0
/** A challenge with what the rule reads; the rest as the catalogue would have it. */
const challenge = (
  slug: string,
  category: Challenge['category'],
  difficulty: Challenge['difficulty'],
  publishedAt = '2026-01-01T00:00:00.000Z',
): Challenge => ({ ...({} as Challenge), id: ++ids, slug, title: slug, category, difficulty, publishedAt })

const navEasy = challenge('Nav-Easy', 'navbar', 'easy')
const navMid = challenge('Nav-Mid', 'navbar', 'intermediate')
const navHard = challenge('Nav-Hard', 'navbar', 'hard')
const footHard = challenge('Foot-Hard', 'footer', 'hard')
const footEasyNew = challenge('Foot-Easy-New', 'footer', 'easy', '2026-05-01T00:00:00.000Z')
const footEasyOld = challenge('Foot-Easy-Old', 'footer', 'easy', '2026-02-01T00:00:00.000Z')
const featuresEasy = challenge('Features-Easy', 'features', 'easy')
const catalogue = [navEasy, navMid, navHard, footHard, footEasyNew, footEasyOld, featuresEasy]

const path = (slug: string, title: string, steps: Challenge[]): LearningPath => ({
  slug,
  title,
  summary: 'A path for the rule’s test.',
  level: 'beginner',
  stepCount: steps.length,
  categories: [...new Set(steps.map((s) => s.category))],
  intro: [],
  steps: steps.map((s) => ({ challenge: s, note: 'What it teaches.' })),
})
const navbars = path('navbars', 'Navbars', [navEasy, navMid, navHard])
const footers = path('footers', 'Footers', [footEasyOld, footHard])
const paths = [navbars, footers]

const at = (day: number) => new Date(Date.UTC(2026, 10, day))
const progress = (entries: [Challenge, 'started' | 'passed'][]): ChallengeProgress =>
  new Map(entries.map(([c, status]) => [c.slug, status]))
const next = (started: { slug: string; startedAt: Date }[], held: ChallengeProgress) =>
  suggestNext({ paths, started, progress: held, challenges: catalogue })

describe('the next challenge', () => {
  it('is the first step not passed of the path the member is on, a started step included', () => {
    const suggestion = next(
      [{ slug: 'navbars', startedAt: at(1) }],
      progress([
        [navEasy, 'passed'],
        [navMid, 'started'],
      ]),
    )
    expect(suggestion).toEqual({
      challenge: navMid,
      reason: 'Next in Navbars',
      path: { slug: 'navbars', title: 'Navbars' },
    })
  })

  it('follows the path started last, and another once that one is done', () => {
    const started = [
      { slug: 'navbars', startedAt: at(1) },
      { slug: 'footers', startedAt: at(2) },
    ]
    expect(next(started, progress([]))?.challenge).toBe(footEasyOld)
    const footersDone = progress([
      [footEasyOld, 'passed'],
      [footHard, 'passed'],
    ])
    expect(next(started, footersDone)).toMatchObject({ challenge: navEasy, reason: 'Next in Navbars' })
  })

  it('is the easiest challenge not started in a category worked in, off any path', () => {
    // Footers worked in: of the two easy ones, the older; not the features one (a category not worked in).
    expect(next([], progress([[footHard, 'started']]))).toEqual({
      challenge: footEasyOld,
      reason: 'An easy footer you have not built yet',
      path: null,
    })
    // A path finished counts as none started.
    const footersDone = progress([
      [footEasyOld, 'passed'],
      [footHard, 'passed'],
      [navEasy, 'passed'],
    ])
    expect(next([{ slug: 'footers', startedAt: at(1) }], footersDone)).toMatchObject({
      challenge: footEasyNew,
      reason: 'An easy footer you have not built yet',
    })
    expect(next([], progress([[navEasy, 'passed']]))?.reason).toBe(
      'An intermediate navbar you have not built yet',
    )
  })

  it('starts a new member on the first path, and is null once nothing is left', () => {
    expect(next([], progress([]))).toEqual({
      challenge: navEasy,
      reason: 'Start with Navbars',
      path: { slug: 'navbars', title: 'Navbars' },
    })
    const everyNavbar = progress([
      [navEasy, 'passed'],
      [navMid, 'passed'],
      [navHard, 'started'],
    ])
    expect(next([], everyNavbar)).toBeNull()
  })

  it('skips a started path the content no longer has', () => {
    expect(next([{ slug: 'gone', startedAt: at(3) }], progress([]))?.reason).toBe('Start with Navbars')
  })
})
