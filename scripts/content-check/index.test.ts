import type { Browser } from '@playwright/test'
import { afterEach, describe, expect, it } from 'vitest'
import { hasChromium } from '#tests/support/chromium-requirement.ts'
import { launchBrowser } from '../content-render.ts'
import { relaunchingBrowser } from './index.ts'

describe.skipIf(!hasChromium())('the catalogue check’s rendering browser', { timeout: 60_000 }, () => {
  let renderer: ReturnType<typeof relaunchingBrowser> | undefined
  let launches = 0
  const counted = (): Promise<Browser> => {
    launches++
    return launchBrowser()
  }
  afterEach(async () => {
    await renderer?.close()
    launches = 0
  })

  it('keeps one browser while it lives', async () => {
    renderer = relaunchingBrowser(counted)
    const first = await renderer.get()
    expect(await renderer.get()).toBe(first)
    expect(launches).toBe(1)
  })

  it('starts another once it is gone, once for the checks that ask at the same time', async () => {
    renderer = relaunchingBrowser(counted)
    const dead = await renderer.get()
    await dead.close()
    const [a, b] = await Promise.all([renderer.get(), renderer.get()])
    expect(a).toBe(b)
    expect(a).not.toBe(dead)
    expect(a.isConnected()).toBe(true)
    const context = await a.newContext()
    await context.close()
    expect(launches).toBe(2)
  })

  it('tries again on the next check after a launch that failed', async () => {
    let fail = true
    renderer = relaunchingBrowser(() => {
      launches++
      if (fail) return Promise.reject(new Error('no Chromium today'))
      return launchBrowser()
    })
    await expect(renderer.get()).rejects.toThrow('no Chromium today')
    fail = false
    expect((await renderer.get()).isConnected()).toBe(true)
    expect(launches).toBe(2)
  })
})
