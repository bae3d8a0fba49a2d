// `npm run bench:elements`: what matching a page's elements to the design's costs on this
// machine (docs/decisions/021-element-review.md), at the largest lists the collector keeps
// (ELEMENTS_MAX per page and width). Prints the median and the slowest of a few runs of each case:
//
// - a long landing page at 1440: 2000 elements of every kind (texts, links and buttons, images,
//   sections) in rows, against the member's page 20 px lower, with typos, a tenth of it missing, others
//   added and some resized;
// - the worst case for the assignment: 2000 links all reading "Learn more" on one screen, against
//   the same 6 px lower (one group of candidates, assigned band by band);
// - the worst case for the texts: 2000 paragraphs of 200 characters from one small vocabulary, all
//   different and within reach of each other, against 2000 others (edit distances all round).
//
// Times are this process's CPU time (user + system), which a busy machine disturbs less than the clock;
// one warm-up run per case is not counted. Bounded: RUNS runs per case (BENCH_RUNS, 5 by default); no
// assertion on the times.

import { elementAgreement } from '#server/review/elements/agreement.ts'
import { elementFindings } from '#server/review/elements/findings.ts'
import { matchElements } from '#server/review/elements/match.ts'
import { ELEMENTS_MAX, type PageElement, type PageElements } from '#shared/page-elements.ts'
import { box, control, image, page, random, section, text } from '#tests/support/element-fixtures.ts'

const RUNS = Math.min(20, Math.max(1, Number(process.env.BENCH_RUNS ?? 5)))
const WORDS =
  'sound shaped for you headphones tuned ears minutes hearing test home quiet room week listening charge'.split(
    ' ',
  )

function sentence(rand: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ')
}

function landing(): [PageElements, PageElements] {
  const rand = random(1440)
  const design: PageElement[] = []
  for (let i = 0; design.length < ELEMENTS_MAX; i++) {
    const y = 40 + i * 14
    const x = 40 + (i % 4) * 340
    const pick = rand()
    if (pick < 0.6)
      design.push(
        text({ text: `${sentence(rand, 3 + Math.floor(rand() * 12))} ${i}`, box: box(x, y, 300, 20) }),
      )
    else if (pick < 0.8)
      design.push(control({ role: 'link', text: sentence(rand, 2), box: box(x, y, 120, 24) }))
    else if (pick < 0.95)
      design.push(image({ alt: rand() < 0.5 ? sentence(rand, 4) : '', box: box(x, y, 300, 200) }))
    else design.push(section({ box: box(0, y, 1440, 600) }))
  }
  const member: PageElement[] = []
  design.forEach((element, i) => {
    if (i % 10 === 3) return
    let moved: PageElement = { ...element, box: { ...element.box, y: element.box.y + 20 } }
    if (moved.kind === 'text' && i % 7 === 0) moved = { ...moved, text: `${moved.text.slice(1)}x` }
    if (i % 11 === 0) moved = { ...moved, box: { ...moved.box, width: moved.box.width * 0.8 } }
    member.push(moved)
  })
  for (let i = 0; member.length < ELEMENTS_MAX; i++) {
    member.push(text({ text: sentence(rand, 6), box: box(60, 100 + i * 140, 300, 20) }))
  }
  return [page(design, 1440, 30000), page(member, 1440, 30000)]
}

function sameLinks(): [PageElements, PageElements] {
  const links = Array.from({ length: ELEMENTS_MAX }, (_, i) =>
    control({
      role: 'link',
      text: 'Learn more',
      box: box(20 + (i % 10) * 140, 20 + Math.floor(i / 10) * 4, 90, 20),
    }),
  )
  const lower = links.map((link) => ({ ...link, box: { ...link.box, y: link.box.y + 6 } }))
  return [page(links, 1440, 900), page(lower, 1440, 900)]
}

function paragraphs(): [PageElements, PageElements] {
  const rand = random(200)
  const paragraph = () => {
    let words = ''
    while (words.length < 200) words += `${WORDS[Math.floor(rand() * WORDS.length)]} `
    return words.slice(0, 200)
  }
  const list = () =>
    Array.from({ length: ELEMENTS_MAX }, (_, i) =>
      text({ text: paragraph(), box: box(40 + (i % 4) * 340, 20 + i * 3, 300, 60) }),
    )
  return [page(list(), 1440, 8000), page(list(), 1440, 8000)]
}

function time(name: string, [design, member]: [PageElements, PageElements]) {
  const match = [] as number[]
  const all = [] as number[]
  let pairs = 0
  const cpu = () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  matchElements(design, member)
  for (let run = 0; run < RUNS; run++) {
    const start = cpu()
    const result = matchElements(design, member)
    const matched = cpu()
    elementFindings(design, member, result, { breakpoint: 'desktop' })
    elementAgreement(design, member, result)
    const done = cpu()
    match.push(matched - start)
    all.push(done - start)
    pairs = result.pairs.length
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
  console.log(
    `${name}: ${design.elements.length} × ${member.elements.length} elements, ${pairs} pairs; ` +
      `match median ${median(match).toFixed(0)} ms (slowest ${Math.max(...match).toFixed(0)} ms), ` +
      `with findings and agreement ${median(all).toFixed(0)} ms`,
  )
}

time('landing page', landing())
time('2000 identical links', sameLinks())
time('2000 different paragraphs', paragraphs())
