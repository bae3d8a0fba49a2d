import type { ElementHandle, Page } from '@playwright/test'
import { PNG } from 'pngjs'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { signIn } from './sign-in-helper.ts'

/**
 * Every focusable element shows a focus ring at least 2 px thick on all four sides, with 3:1 contrast
 * against what was there before (docs/product.md §2 "Every page"), in both themes. The check reads the
 * screenshot's pixels, so a ring drawn but clipped (a card cell's containment) or covered fails.
 */

/** How far around the ringed box the screenshot reaches: a 3 px ring 2 px outside fits. */
const GROW = 6
/** A ring pixel is within this of the ring's colour on every channel (anti-aliasing), and differs from the unfocused one by more than DIFF. */
const MATCH = 48
const DIFF = 24
/** The pages' tab stops checked at most, so a long page stays a short test. */
const MAX_STOPS = 70

type Rgb = [number, number, number]
type Ring = { box: { x: number; y: number; width: number; height: number }; color: Rgb; name: string }

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const near = (a: Rgb, b: Rgb, tolerance: number) =>
  a.every((c, i) => Math.abs(c - (b[i] as number)) <= tolerance)

/**
 * The focused element's ring: its own outline, or the nearest ancestor's that draws one for it (a card's
 * frame rings the card when its link has focus). Its box, and its colour as the screen shows it.
 */
async function ringOf(element: ElementHandle<Element>): Promise<Ring | null> {
  return element.evaluate(async (focused) => {
    // A ring, or the element itself (the skip link), may still be moving in.
    const moving = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(moving.map((a) => a.finished.catch(() => undefined)))
    let ringed: Element | null = focused
    for (let depth = 0; ringed && depth < 4; depth++, ringed = ringed.parentElement) {
      const style = getComputedStyle(ringed)
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) break
    }
    if (!ringed) return null
    const canvas = document.createElement('canvas')
    canvas.width = 1
    canvas.height = 1
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.fillStyle = getComputedStyle(ringed).outlineColor
    context.fillRect(0, 0, 1, 1)
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data
    ringed.scrollIntoView({ block: 'center', inline: 'center' })
    const { x, y, width, height } = ringed.getBoundingClientRect()
    const label = focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? ''
    return {
      box: { x, y, width, height },
      color: [r, g, b],
      name: `<${focused.tagName.toLowerCase()}> "${label}"`,
    }
  })
}

async function shot(page: Page, clip: Ring['box']): Promise<PNG> {
  return PNG.sync.read(await page.screenshot({ clip, animations: 'disabled', caret: 'hide' }))
}

/**
 * What is wrong with the focused element's ring, or null: for each side, the middle third of its length
 * must have, in most places, a run of at least 2 px of the ring's colour (where the unfocused element
 * was not that colour) across the band 6 px either side of the edge, with 3:1 contrast against what
 * surrounds it.
 */
async function ringProblem(page: Page, element: ElementHandle<Element>): Promise<string | null> {
  const ring = await ringOf(element)
  if (!ring) return 'no focus ring at all'
  const viewport = page.viewportSize() ?? { width: 0, height: 0 }
  const x = Math.max(0, Math.floor(ring.box.x - GROW))
  const y = Math.max(0, Math.floor(ring.box.y - GROW))
  const clip = {
    x,
    y,
    width: Math.min(viewport.width, Math.ceil(ring.box.x + ring.box.width + GROW)) - x,
    height: Math.min(viewport.height, Math.ceil(ring.box.y + ring.box.height + GROW)) - y,
  }
  const focused = await shot(page, clip)
  await element.evaluate((e) => (e as HTMLElement).blur())
  const unfocused = await shot(page, clip)
  await element.evaluate((e) => (e as HTMLElement).focus())
  const scale = focused.width / clip.width
  const pixel = (png: PNG, px: number, py: number): Rgb => {
    const i = (py * png.width + px) * 4
    return [png.data[i] as number, png.data[i + 1] as number, png.data[i + 2] as number]
  }
  const isRing = (px: number, py: number) =>
    near(pixel(focused, px, py), ring.color, MATCH) && !near(pixel(unfocused, px, py), ring.color, DIFF)
  // Device pixels of the ringed box's edges within the screenshot.
  const left = Math.round((ring.box.x - clip.x) * scale)
  const top = Math.round((ring.box.y - clip.y) * scale)
  const right = Math.round((ring.box.x + ring.box.width - clip.x) * scale)
  const bottom = Math.round((ring.box.y + ring.box.height - clip.y) * scale)
  const band = Math.round(GROW * scale)
  const minRun = Math.round(2 * scale)
  const sides = {
    top: { along: [left, right], across: (a: number, d: number) => [a, top + d] },
    bottom: { along: [left, right], across: (a: number, d: number) => [a, bottom - d] },
    left: { along: [top, bottom], across: (a: number, d: number) => [left + d, a] },
    right: { along: [top, bottom], across: (a: number, d: number) => [right - d, a] },
  } as const
  // An element taller (or wider) than the window cannot show both of those sides at once: only the
  // other two are checked.
  const tall = ring.box.height + 2 * GROW > viewport.height
  const wide = ring.box.width + 2 * GROW > viewport.width
  const problems: string[] = []
  for (const [side, { along, across }] of Object.entries(sides)) {
    if ((tall && (side === 'top' || side === 'bottom')) || (wide && (side === 'left' || side === 'right')))
      continue
    const [from, to] = along as readonly [number, number]
    const third = Math.floor((to - from) / 3)
    let positions = 0
    let ringed = 0
    const contrasts: number[] = []
    for (let a = from + third; a < to - third; a++) {
      positions++
      const inside = (d: number) => {
        const [px, py] = across(a, d) as [number, number]
        return px >= 0 && py >= 0 && px < focused.width && py < focused.height
      }
      // The longest run of ring pixels going inwards, and where it starts.
      let run = 0
      let best = 0
      let start = 0
      for (let d = -band; d <= band; d++) {
        const [px, py] = across(a, d) as [number, number]
        run = inside(d) && isRing(px, py) ? run + 1 : 0
        if (run > best) [best, start] = [run, d - run + 1]
      }
      if (best < minRun) continue
      ringed++
      // What surrounds the ring: the pixel outside it past a blended one where it curves (inside it, at
      // the screenshot's edge).
      const beside = [start - 2, start - 1, start + best + 1].find(inside) ?? start
      const [bx, by] = across(a, beside) as [number, number]
      contrasts.push(contrast(ring.color, pixel(focused, bx, by)))
    }
    if (positions === 0 || ringed / positions < 0.8)
      problems.push(`${side}: a ring along ${ringed} of ${positions} px`)
    contrasts.sort((p, q) => p - q)
    const median = contrasts[Math.floor(contrasts.length / 2)] ?? 0
    if (median < 3) problems.push(`${side}: contrast ${median.toFixed(2)}:1`)
  }
  return problems.length > 0 ? `${ring.name}: ${problems.join(', ')}` : null
}

/**
 * Presses Tab up to `stops` times from where focus is and checks every element it reaches, until focus
 * leaves the page or comes back to one already seen. Returns the problems found and the elements reached.
 */
async function tabThrough(page: Page, stops = MAX_STOPS) {
  const problems: string[] = []
  const seen: ElementHandle<Element>[] = []
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press('Tab')
    const active = (await page.evaluateHandle(() => document.activeElement)).asElement()
    if (!active || (await active.evaluate((e) => e === document.body))) break
    let again = false
    for (const earlier of seen) if (await active.evaluate((e, o) => e === o, earlier)) again = true
    if (again) break
    seen.push(active)
    const problem = await ringProblem(page, active)
    if (problem) problems.push(problem)
  }
  return { problems, reached: seen.length }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`focus rings (${theme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
    })

    test('the home page', async ({ page }) => {
      await page.goto('/')
      await expectHydrated(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      const { problems, reached } = await tabThrough(page)
      expect(reached).toBeGreaterThan(10)
      expect(problems).toEqual([])
    })

    test('the catalogue', async ({ page }) => {
      await page.goto('/challenges')
      await expectHydrated(page)
      const { problems, reached } = await tabThrough(page)
      expect(reached).toBeGreaterThan(10)
      expect(problems).toEqual([])
    })

    test('a challenge and its design viewer', async ({ page, request }) => {
      const [challenge] = await listChallenges(request)
      if (!challenge) throw new Error('the catalogue is empty')
      await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
      await expectHydrated(page)
      const onPage = await tabThrough(page)
      expect(onPage.reached).toBeGreaterThan(10)
      expect(onPage.problems).toEqual([])

      const open = page.getByRole('button', { name: /^View full size/ }).first()
      await open.focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('dialog', { name: /design$/ })).toBeVisible()
      const inViewer = await tabThrough(page, 20)
      expect(inViewer.reached).toBeGreaterThan(2)
      expect(inViewer.problems).toEqual([])
    })

    test('the avatar menu', async ({ page }, testInfo) => {
      await signIn(page, testInfo)
      await page.goto('/')
      await expectHydrated(page)
      await page.getByRole('button', { name: /^Account menu for/ }).focus()
      await page.keyboard.press('Enter')
      const items = page.getByRole('menu').getByRole('menuitem')
      await expect(items.first()).toBeFocused()
      const problems: string[] = []
      const count = await items.count()
      for (let index = 0; index < count; index++) {
        await expect(items.nth(index)).toBeFocused()
        const item = await items.nth(index).elementHandle()
        const problem = item ? await ringProblem(page, item) : 'no item'
        if (problem) problems.push(problem)
        await page.keyboard.press('ArrowDown')
      }
      expect(count).toBeGreaterThan(2)
      expect(problems).toEqual([])
    })
  })
}

for (const theme of ['light', 'dark'] as const) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`the pages with the changed rings pass axe (${theme}, ${name})`, async ({ page }, testInfo) => {
      await page.emulateMedia({ colorScheme: theme })
      await page.setViewportSize(viewport)
      for (const path of ['/', '/challenges']) {
        await page.goto(path)
        await expectHydrated(page)
        await page.locator('.card-cell a').first().focus()
        await expectNoAxeViolations(page)
      }
      // The avatar menu is the desktop navbar's; a phone's navbar has its Menu dialog instead.
      if (name !== 'desktop') return
      await signIn(page, testInfo)
      await page.goto('/')
      await expectHydrated(page)
      await page.getByRole('button', { name: /^Account menu for/ }).focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeFocused()
      await expectNoAxeViolations(page)
    })
  }
}
