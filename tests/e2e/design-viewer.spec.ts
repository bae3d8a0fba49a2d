import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import type { Challenge, DesignImage } from '#shared/challenge.ts'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'

const LABEL = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' } as const
const KEYBOARD_HELP =
  'Pan: drag the image, or use the arrow keys when it has focus (Shift, Page Up, Page Down, Home and End go further). Zoom: + and −, 0 fits.'
const TOUCH_HELP = 'Drag to pan. Zoom with the buttons.'
const WIDTH = { desktop: 1440, tablet: 768, mobile: 375 } as const

/** A challenge with state images on two breakpoints, so both kinds of tabs show. */
async function challengeWithStates(request: Parameters<typeof listChallenges>[0]): Promise<Challenge> {
  const challenges = await listChallenges(request)
  const challenge =
    challenges.find((c) => new Set(c.designs.states.map((s) => s.view)).size > 1) ??
    challenges.find((c) => c.designs.states.length > 0)
  if (!challenge) throw new Error('no challenge has state images')
  return challenge
}

function stateName(image: DesignImage): string {
  const words = image.name.replace(`${image.view}-`, '').replaceAll('-', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: /design$/ })
const imageIn = (dialog: Locator) => dialog.getByTestId('image-area').getByRole('img')

/** The image's drawn size and its natural size, in CSS pixels. */
async function drawnSize(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect()
    return {
      width: box.width,
      height: box.height,
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
    }
  })
}

async function loaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
}

test.describe('design viewer', () => {
  test('shows each breakpoint at its natural size, with its size and a download link', async ({
    page,
    request,
  }) => {
    const challenge = await challengeWithStates(request)
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    // Nothing of the viewer's images loads before it opens.
    expect(await page.locator(`img[src="${challenge.designs.states[0]?.src}"]`).count()).toBe(0)

    await page.getByRole('button', { name: 'View full size (Desktop)' }).click()
    const dialog = dialogOf(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(`${challenge.title} design`)
    const breakpoints = dialog.getByRole('tablist', { name: 'Breakpoint' })
    await expect(breakpoints.getByRole('tab')).toHaveText(['Desktop', 'Tablet', 'Mobile'])
    await expect(breakpoints.getByRole('tab', { name: 'Desktop' })).toHaveAttribute('aria-selected', 'true')

    await dialog.getByRole('button', { name: '100 %' }).click()
    await expect(dialog.getByRole('button', { name: '100 %' })).toHaveAttribute('aria-pressed', 'true')
    for (const view of ['desktop', 'tablet', 'mobile'] as const) {
      const design = challenge.designs.views.find((image) => image.view === view)
      if (!design?.height) throw new Error(`the ${view} design has no height`)
      await breakpoints.getByRole('tab', { name: LABEL[view] }).click()
      await expect(breakpoints.getByRole('tab', { name: LABEL[view] })).toHaveAttribute(
        'aria-selected',
        'true',
      )
      await expect(dialog.getByRole('tabpanel').first()).toBeVisible()
      await expect(dialog.getByTestId('natural-size')).toHaveText(`${WIDTH[view]} × ${design.height} px`)
      const image = imageIn(dialog)
      await expect(image).toHaveAttribute('src', design.src)
      await expect(image).toHaveAccessibleName(
        `${challenge.title} design at ${LABEL[view]} width (${WIDTH[view]} px)`,
      )
      await loaded(image)
      // 100 % (kept from one breakpoint to the next) draws every image pixel at one CSS pixel.
      expect(await drawnSize(image)).toEqual({
        width: WIDTH[view],
        height: design.height,
        naturalWidth: WIDTH[view],
        naturalHeight: design.height,
      })
      const download = dialog.getByRole('link', {
        name: `Download ${challenge.title} design at ${LABEL[view]}`,
      })
      await expect(download).toHaveAttribute('href', design.download)
      await expect(download).toHaveAttribute('download', `${challenge.slug}-${view}.png`)
    }
  })

  test('a state image opens the viewer on itself, among its breakpoint’s state tabs', async ({
    page,
    request,
  }) => {
    const challenge = await challengeWithStates(request)
    const state = challenge.designs.states.at(-1)
    if (!state?.height) throw new Error('no state with a height')
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)

    const states = page.getByRole('region', { name: 'States' })
    await expect(states.getByRole('button')).toHaveText(
      challenge.designs.states.map(
        (s) => new RegExp(`^${stateName(s)}.*${LABEL[s.view]} · ${s.width} × ${s.height} px$`),
      ),
    )
    const opener = states.getByRole('button', { name: `${stateName(state)}, ${LABEL[state.view]}` })
    await opener.click()

    const dialog = dialogOf(page)
    await expect(
      dialog.getByRole('tablist', { name: 'Breakpoint' }).getByRole('tab', { selected: true }),
    ).toHaveText(LABEL[state.view])
    const stateTabs = dialog.getByRole('tablist', { name: `${LABEL[state.view]} state` })
    const siblings = challenge.designs.states.filter((s) => s.view === state.view)
    await expect(stateTabs.getByRole('tab')).toHaveText(['Full page', ...siblings.map(stateName)])
    await expect(stateTabs.getByRole('tab', { selected: true })).toHaveText(stateName(state))
    await expect(dialog.getByTestId('natural-size')).toHaveText(`${state.width} × ${state.height} px`)
    await expect(imageIn(dialog)).toHaveAttribute('src', state.src)
    await expect(imageIn(dialog)).toHaveAccessibleName(
      `${challenge.title} design, ${stateName(state)} state, at ${LABEL[state.view]} width (${WIDTH[state.view]} px)`,
    )
    await dialog.getByRole('button', { name: '100 %' }).click()
    await loaded(imageIn(dialog))
    expect(await drawnSize(imageIn(dialog))).toMatchObject({ width: state.width, height: state.height })

    // Arrow keys move between the state tabs: Home to the full page.
    await stateTabs.getByRole('tab', { selected: true }).focus()
    await page.keyboard.press('Home')
    await expect(stateTabs.getByRole('tab', { name: 'Full page' })).toBeFocused()
    await expect(stateTabs.getByRole('tab', { name: 'Full page' })).toHaveAttribute('aria-selected', 'true')
    const page0 = challenge.designs.views.find((image) => image.view === state.view)
    await expect(imageIn(dialog)).toHaveAttribute('src', page0?.src ?? '')
    await page.keyboard.press('End')
    await expect(
      stateTabs.getByRole('tab', { name: stateName(siblings.at(-1) as DesignImage) }),
    ).toBeFocused()

    // And between the breakpoints, with the arrow keys.
    const breakpoints = dialog.getByRole('tablist', { name: 'Breakpoint' })
    await breakpoints.getByRole('tab', { selected: true }).focus()
    await page.keyboard.press('ArrowRight')
    const next = state.view === 'desktop' ? 'Tablet' : state.view === 'tablet' ? 'Mobile' : 'Desktop'
    await expect(breakpoints.getByRole('tab', { name: next })).toBeFocused()
    await expect(breakpoints.getByRole('tab', { name: next })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowLeft')
    await expect(breakpoints.getByRole('tab', { name: LABEL[state.view] })).toHaveAttribute(
      'aria-selected',
      'true',
    )

    // Escape closes it, and focus goes back to the state that opened it.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('zooms with the buttons and the keys, and pans with the keys and by dragging', async ({
    page,
    request,
  }) => {
    const challenge = await challengeWithStates(request)
    const desktop = challenge.designs.views[0]
    if (!desktop?.height) throw new Error('no desktop height')
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    await page.getByRole('button', { name: 'View full size (Desktop)' }).click()
    const dialog = dialogOf(page)
    const area = dialog.getByTestId('image-area')
    const image = imageIn(dialog)
    await loaded(image)
    await expect(
      dialog.getByText('Pan: drag the image, or use the arrow keys when it has focus'),
    ).toBeVisible()

    // Fit: the whole width in the area, never above 100 %.
    await expect(dialog.getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true')
    const areaWidth = await area.evaluate((element) => element.clientWidth)
    const fit = await drawnSize(image)
    expect(fit.width).toBeLessThanOrEqual(areaWidth)
    expect(fit.width).toBeLessThan(1440)
    await expect(area).toHaveAccessibleName(/zoom Fit$/)

    await dialog.getByRole('button', { name: '200 %' }).click()
    await expect.poll(async () => (await drawnSize(image)).width).toBe(2880)
    await dialog.getByRole('button', { name: 'Fit' }).click()
    await expect.poll(async () => (await drawnSize(image)).width).toBe(fit.width)

    // The keys work while the image area has focus: + and - step the zoom, 0 fits.
    await area.focus()
    await page.keyboard.press('+')
    await expect(dialog.getByRole('button', { name: '100 %' })).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(async () => (await drawnSize(image)).width).toBe(1440)
    await page.keyboard.press('+')
    await expect(dialog.getByRole('button', { name: '200 %' })).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(async () => (await drawnSize(image)).width).toBe(2880)
    await expect(area).toHaveAccessibleName(/zoom 200 %$/)

    const scroll = () => area.evaluate((element) => ({ left: element.scrollLeft, top: element.scrollTop }))
    await area.evaluate((element) => element.scrollTo(0, 0))
    await page.keyboard.press('ArrowDown')
    await expect.poll(scroll).toEqual({ left: 0, top: 48 })
    await page.keyboard.press('ArrowRight')
    await expect.poll(scroll).toEqual({ left: 48, top: 48 })
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowUp')
    await expect.poll(scroll).toEqual({ left: 0, top: 0 })
    await page.keyboard.press('End')
    const bottom = await area.evaluate((element) => element.scrollHeight - element.clientHeight)
    expect(bottom).toBeGreaterThan(0)
    await expect.poll(async () => (await scroll()).top).toBe(bottom)
    await page.keyboard.press('Home')
    await expect.poll(async () => (await scroll()).top).toBe(0)

    // Dragging with the mouse pans the other way round, as a hand moves paper.
    const box = await area.boundingBox()
    if (!box) throw new Error('no image area')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2 - 60, { steps: 4 })
    await page.mouse.up()
    await expect.poll(scroll).toEqual({ left: 100, top: 60 })

    await page.keyboard.press('-')
    await expect(dialog.getByRole('button', { name: '100 %' })).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('0')
    await expect(dialog.getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(async () => (await drawnSize(image)).width).toBe(fit.width)
  })

  test('keeps focus inside while open; Escape or Close gives it back to the opener', async ({
    page,
    request,
  }) => {
    const challenge = await challengeWithStates(request)
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    const opener = page.getByRole('button', { name: 'View full size (Desktop)' })
    await opener.click()
    const dialog = dialogOf(page)
    await expect(dialog).toBeVisible()
    // The page behind is inert: Tab cycles through the dialog (and the browser's own controls), never the page.
    const seen = new Set<string>()
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const active = document.activeElement
        const dialogElement = document.querySelector('dialog[open]')
        if (!active || active === document.body) return 'none'
        return dialogElement?.contains(active)
          ? (active.getAttribute('aria-label') ?? active.textContent ?? '')
          : 'outside'
      })
      expect(focused).not.toBe('outside')
      seen.add(focused)
    }
    expect(seen).toContain('Close design viewer')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Close design viewer' }).click()
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('the inline preview shows each breakpoint whole, and lists the states', async ({ page, request }) => {
    const challenge = await challengeWithStates(request)
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    const tablist = page.getByRole('tablist', { name: 'Design preview' })
    for (const design of challenge.designs.views) {
      if (!design.height) throw new Error(`the ${design.view} design has no height`)
      await tablist.getByRole('tab', { name: LABEL[design.view] }).click()
      await expect(page.getByTestId('preview-size')).toHaveText(`${design.width} × ${design.height} px`)
      const image = page.getByRole('tabpanel').getByRole('img', {
        name: `${challenge.title} design at ${LABEL[design.view]} width (${WIDTH[design.view]} px)`,
      })
      // Its room is kept before it loads.
      await expect(image).toHaveAttribute('width', String(design.width))
      await expect(image).toHaveAttribute('height', String(design.height))
      await loaded(image)
      const drawn = await drawnSize(image)
      const panel = await page.getByRole('tabpanel').boundingBox()
      // Scaled to the frame's width at most, never cropped: its whole height is drawn, in proportion,
      // and inside the panel.
      expect(drawn.width).toBeLessThanOrEqual(Math.min(design.width, panel?.width ?? 0))
      expect(Math.abs(drawn.height - (drawn.width * design.height) / design.width)).toBeLessThan(1.5)
      const box = await image.boundingBox()
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual((panel?.y ?? 0) + (panel?.height ?? 0))
    }
    const states = page.getByRole('region', { name: 'States' }).getByRole('button')
    await expect(states).toHaveCount(challenge.designs.states.length)
    for (const [index, state] of challenge.designs.states.entries()) {
      await expect(states.nth(index)).toHaveAccessibleName(`${stateName(state)}, ${LABEL[state.view]}`)
    }
  })

  test('Download saves the design as the PNG the zip has', async ({ page, request }) => {
    const challenge = await challengeWithStates(request)
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    await page.getByRole('button', { name: 'View full size (Desktop)' }).click()
    const dialog = dialogOf(page)
    const saved = page.waitForEvent('download')
    await dialog.getByRole('link', { name: /^Download / }).click()
    const download = await saved
    expect(download.suggestedFilename()).toBe(`${challenge.slug}-desktop.png`)
    const path = await download.path()
    const bytes = await readFile(path)
    // The PNG signature.
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  })

  test('the image area shows its focus ring on all four sides, at 3:1 against what it sits on', async ({
    page,
    request,
  }) => {
    const challenge = await challengeWithStates(request)
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    await page.getByRole('button', { name: 'View full size (Desktop)' }).click()
    const dialog = dialogOf(page)
    const area = dialog.getByTestId('image-area')
    await loaded(imageIn(dialog))
    // Reached with the keyboard, as a person would: Shift+Tab back from the first control after it.
    await area.focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(area).toBeFocused()
    expect(await area.evaluate((element) => element.matches(':focus-visible'))).toBe(true)
    const box = await area.boundingBox()
    if (!box) throw new Error('the image area has no box')
    const ring = await area.evaluate((element) => {
      const style = getComputedStyle(element)
      return { width: Number.parseFloat(style.outlineWidth), colour: style.outlineColor }
    })
    expect(ring.width).toBeGreaterThanOrEqual(2)
    // The ring is drawn 2 px outside the area, 3 px wide: the area's margin holds it, whole on every side.
    const grow = 6
    const shot = await page.screenshot({
      clip: { x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow },
      scale: 'css',
    })
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => {
      const at = (Math.round(y) * info.width + Math.round(x)) * info.channels
      return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0] as const
    }
    const expected = ring.colour.match(/\d+/g)?.slice(0, 3).map(Number) ?? []
    const { width, height } = info
    // The middle of each edge, 3 px out from the area: the ring's colour.
    for (const [x, y] of [
      [width / 2, 3],
      [width / 2, height - 4],
      [3, height / 2],
      [width - 4, height / 2],
    ] as const) {
      expect([...pixel(x, y)], `the ring at ${x}, ${y}`).toEqual(expected)
    }
    // At least 3:1 against what is just outside it (the dialog, 6 px out from the area).
    const luminance = (rgb: readonly number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((value) => {
        const c = value / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const [lighter, darker] = [luminance(expected), luminance(pixel(0, height / 2))].sort((a, b) => b - a)
    expect(((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05)).toBeGreaterThanOrEqual(3)
  })

  test('says how to pan with the keys on a computer', async ({ page, request }) => {
    const challenge = await challengeWithStates(request)
    await page.setViewportSize(VIEWPORTS.desktop)
    await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
    await expectHydrated(page)
    await page.getByRole('button', { name: 'View full size (Desktop)' }).click()
    const dialog = dialogOf(page)
    await expect(dialog.getByText(KEYBOARD_HELP, { exact: true })).toBeVisible()
    await expect(dialog.getByText(TOUCH_HELP, { exact: true })).toHaveCount(0)
    await expect(dialog.getByTestId('image-area')).toHaveAccessibleDescription(KEYBOARD_HELP)
  })

  test.describe('on a phone', () => {
    test.use({ hasTouch: true, isMobile: true, viewport: VIEWPORTS.mobile })

    test('says how to pan by touch, in one short line, and has no axe violations', async ({
      page,
      request,
    }) => {
      const challenge = await challengeWithStates(request)
      const state = challenge.designs.states[0]
      if (!state) throw new Error('no state')
      await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
      await expectHydrated(page)
      await page
        .getByRole('region', { name: 'States' })
        .getByRole('button', { name: `${stateName(state)}, ${LABEL[state.view]}` })
        .click()
      const dialog = dialogOf(page)
      const help = dialog.getByText(TOUCH_HELP, { exact: true })
      await expect(help).toBeVisible()
      await expect(dialog.getByText(/arrow keys/)).toHaveCount(0)
      await expect(dialog.getByTestId('image-area')).toHaveAccessibleDescription(TOUCH_HELP)
      // One line at 375 px.
      const lineHeight = await help.evaluate((element) =>
        Number.parseFloat(getComputedStyle(element).lineHeight),
      )
      const box = await help.boundingBox()
      expect(box?.height ?? 0).toBeLessThan(lineHeight * 2 + 12)
      await loaded(imageIn(dialog))
      await expectNoAxeViolations(page)
    })
  })

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`has no axe violations in the open viewer (${name})`, async ({ page, request }) => {
      const challenge = await challengeWithStates(request)
      const state = challenge.designs.states[0]
      if (!state) throw new Error('no state')
      await page.setViewportSize(viewport)
      await page.goto(`/challenge/${encodeURIComponent(challenge.slug)}`)
      await expectHydrated(page)
      await page
        .getByRole('region', { name: 'States' })
        .getByRole('button', { name: `${stateName(state)}, ${LABEL[state.view]}` })
        .click()
      const dialog = dialogOf(page)
      await expect(dialog.getByRole('tablist', { name: `${LABEL[state.view]} state` })).toBeVisible()
      await loaded(imageIn(dialog))
      await expectNoAxeViolations(page)
    })
  }
})
