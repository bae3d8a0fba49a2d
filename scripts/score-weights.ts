// Chooses the score's weights on the calibration set's measures (docs/decisions/023-element-score.md):
//
//   SCORE_CALIBRATION_MEASURES=/tmp/measures.json npm run test:calibration   (captures the set once)
//   npx tsx scripts/score-weights.ts /tmp/measures.json                      (searches, in seconds)
//
// A grid over the score's shares (colour, structure, elements) and the element agreement's (position
// 0-0.5, size and colour; the rest is the base that content scales). A choice is kept only if it passes what
// the calibration test asserts besides tau: every reference at least 99, every blank page at most 5 and
// every starter at least 10, the right page in the wrong colours above another design, and decision 012's
// ladder on the footer. Of those, the best few by their least Kendall's tau-b (then the mean) are printed
// with the current weights beside them, and the current weights' tau per challenge and width. Where the
// measures carry the two element lists, the agreement is computed again from them with the current
// method (`matchElements`, `elementAgreement`), so a change to the method can be judged without a capture.

import { readFile } from 'node:fs/promises'
import {
  agreementOverall,
  ELEMENT_AGREEMENT_WEIGHTS,
  type ElementAgreement,
  elementAgreement,
} from '#server/review/elements/agreement.ts'
import { matchElements } from '#server/review/elements/match.ts'
import { FINAL_WEIGHTS, finalScore, type PixelScore } from '#server/review/final-score.ts'
import type { PageElements } from '#shared/page-elements.ts'
import { kendallTau } from '#tests/support/score-calibration-fixtures.ts'
import { LADDER, WRONG_COLOURS } from '#tests/support/score-calibration-set.ts'

type Row = {
  slug: string
  breakpoint: string
  variant: string
  rank: number
  pixel: PixelScore
  /** Null where either page had no elements (a blank page): the score is then the pixels'. */
  agreement: ElementAgreement | null
  /** The design's and the page's elements, when the measures were written with them. */
  elements?: { design: PageElements; page: PageElements }
}
type Weights = { final: typeof FINAL_WEIGHTS; agreement: typeof ELEMENT_AGREEMENT_WEIGHTS }

const file = process.argv[2]
if (!file) {
  console.error('usage: npx tsx scripts/score-weights.ts MEASURES.json')
  process.exit(2)
}
const rows = JSON.parse(await readFile(file, 'utf8')) as Row[]
if (rows.some((row) => row.pixel.judged === undefined)) {
  console.error(`${file} was written before the measures said which the design judges: capture the set again`)
  process.exit(2)
}
for (const row of rows)
  if (row.agreement && row.elements) {
    const { design, page } = row.elements
    row.agreement = elementAgreement(design, page, matchElements(design, page))
  }
const groups = new Map<string, Row[]>()
for (const row of rows) {
  const key = `${row.slug} ${row.breakpoint}`
  groups.set(key, [...(groups.get(key) ?? []), row])
}

function scoreOf(row: Row, weights: Weights): number {
  if (!row.agreement) return finalScore(row.pixel, null)
  const overall = agreementOverall(row.agreement, weights.agreement)
  return finalScore(row.pixel, { ...row.agreement, overall }, weights.final)
}

/** The taus per group, or null when the choice breaks one of the test's other assertions. */
function judge(weights: Weights): Map<string, number> | null {
  const taus = new Map<string, number>()
  for (const [key, group] of groups) {
    const score = new Map(group.map((row) => [row.variant, scoreOf(row, weights)]))
    const at = (variant: string) => score.get(variant) ?? Number.NaN
    if (!(at('reference') >= 99 && at('blank page') <= 5 && at('starter') >= 10)) return null
    for (const variant of WRONG_COLOURS)
      if (score.has(variant) && !(at(variant) > at('another design'))) return null
    if (group[0]?.slug === LADDER.slug)
      for (let i = 1; i < LADDER.variants.length; i++)
        if (!(at(LADDER.variants[i] as string) < at(LADDER.variants[i - 1] as string))) return null
    taus.set(
      key,
      kendallTau(
        group.map((row) => -row.rank),
        group.map((row) => at(row.variant)),
      ),
    )
  }
  return taus
}

const steps = (from: number, to: number, step: number) =>
  Array.from(
    { length: Math.round((to - from) / step) + 1 },
    (_, i) => Math.round((from + i * step) * 100) / 100,
  )

type Found = { weights: Weights; least: number; mean: number }
const found: Found[] = []
for (const colour of steps(0.1, 0.4, 0.05))
  for (const structure of steps(0.15, 0.6, 0.05)) {
    const elements = Math.round((1 - colour - structure) * 100) / 100
    if (elements < 0.2) continue
    for (const position of steps(0, 0.5, 0.05))
      for (const size of steps(0, 0.2, 0.05))
        for (const agreementColour of steps(0.05, 0.3, 0.05)) {
          const base = Math.round((1 - position - size - agreementColour) * 100) / 100
          if (base < 0.3) continue
          const weights: Weights = {
            final: { colour, structure, elements },
            agreement: { base, position, size, colour: agreementColour },
          }
          const taus = judge(weights)
          if (!taus) continue
          const values = [...taus.values()]
          found.push({
            weights,
            least: Math.min(...values),
            mean: values.reduce((a, b) => a + b, 0) / values.length,
          })
        }
  }

const show = (weights: Weights) => JSON.stringify(weights)
found.sort((a, b) => b.least - a.least || b.mean - a.mean)
console.log(`${found.length} choices keep every other assertion; the best by least tau, then mean:`)
for (const { weights, least, mean } of found.slice(0, 15))
  console.log(`  least ${least.toFixed(3)}  mean ${mean.toFixed(3)}  ${show(weights)}`)
const current = { final: FINAL_WEIGHTS, agreement: ELEMENT_AGREEMENT_WEIGHTS }
const now = judge(current)
console.log(`\nthe current weights ${show(current)}: ${now ? 'keep' : 'break'} the other assertions`)
if (now) for (const [key, tau] of now) console.log(`  ${key}: tau ${tau.toFixed(3)}`)
// With ties in the person's order and none in the scores, tau-b cannot reach 1: its most is a score
// that follows the person's order and breaks each tie somehow.
const ceiling = (group: Row[]) =>
  kendallTau(
    group.map((row) => -row.rank),
    group.map((row, i) => -row.rank + i / (group.length * 10)),
  )
const best = found[0]
if (best) {
  console.log('\nthe best choice, per challenge and width:')
  for (const [key, tau] of judge(best.weights) ?? [])
    console.log(`  ${key}: tau ${tau.toFixed(3)} (at most ${ceiling(groups.get(key) ?? []).toFixed(3)})`)
}
