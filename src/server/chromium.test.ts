import { describe, expect, it, vi } from 'vitest'
import { type ChromiumLookups, findChromium } from '#server/chromium.ts'

/** A machine where only these files are executable, and the package unpacks to /tmp/chromium. */
function machine(executables: string[], env: ChromiumLookups['env'] = {}) {
  const packaged = vi.fn(async () => '/tmp/chromium')
  const lookups: ChromiumLookups = {
    env,
    isExecutable: async (path) => executables.includes(path),
    packaged,
  }
  return { lookups, packaged }
}

describe('which Chromium reviews run', () => {
  it('takes CHROMIUM_PATH when it is set, whatever else the machine has', async () => {
    const { lookups, packaged } = machine(['/usr/bin/chromium'], {
      CHROMIUM_PATH: ' /opt/chrome/chrome ',
      PATH: '/usr/bin',
    })
    await expect(findChromium(lookups)).resolves.toEqual({
      path: '/opt/chrome/chrome',
      source: 'CHROMIUM_PATH',
    })
    expect(packaged).not.toHaveBeenCalled()
  })

  it('takes the first chromium on PATH, before /usr/bin/chromium', async () => {
    const { lookups } = machine(['/usr/bin/chromium', '/usr/local/bin/chromium', '/snap/bin/chromium'], {
      CHROMIUM_PATH: '',
      PATH: '/home/me/bin::/usr/local/bin:/snap/bin:/usr/bin',
    })
    await expect(findChromium(lookups)).resolves.toEqual({
      path: '/usr/local/bin/chromium',
      source: 'system',
    })
  })

  it('takes /usr/bin/chromium when PATH does not lead to one', async () => {
    const { lookups, packaged } = machine(['/usr/bin/chromium'], { PATH: '/usr/local/bin' })
    await expect(findChromium(lookups)).resolves.toEqual({ path: '/usr/bin/chromium', source: 'system' })
    expect(packaged).not.toHaveBeenCalled()
  })

  it('falls back to the packaged Chromium on a machine without one', async () => {
    const { lookups, packaged } = machine([], { PATH: '/usr/local/bin:/usr/bin' })
    await expect(findChromium(lookups)).resolves.toEqual({ path: '/tmp/chromium', source: 'package' })
    expect(packaged).toHaveBeenCalledOnce()
  })

  it('says what it looked for when even the packaged one cannot be unpacked', async () => {
    const { lookups } = machine([])
    lookups.packaged = async () => {
      throw new Error('ENOSPC: no space left on device')
    }
    await expect(findChromium(lookups)).rejects.toThrow(
      /CHROMIUM_PATH is not set, there is no chromium on PATH or at \/usr\/bin\/chromium, and the one @sparticuz\/chromium ships could not be unpacked \(ENOSPC/,
    )
  })
})
