import { describe, expect, it, vi } from 'vitest'
import { type ChromiumLookups, findChromium, findReviewingChromiums, unpackPinned } from '#server/chromium.ts'

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

describe('every Chromium reviews may run with', () => {
  it('is the system one and the packaged one, in that order', async () => {
    const { lookups, packaged } = machine(['/usr/bin/chromium'], { PATH: '/usr/bin' })
    await expect(findReviewingChromiums(lookups)).resolves.toEqual([
      { path: '/usr/bin/chromium', source: 'system' },
      { path: '/tmp/chromium', source: 'package' },
    ])
    expect(packaged).toHaveBeenCalledOnce()
  })

  it('puts CHROMIUM_PATH first, and lists a path once', async () => {
    const { lookups } = machine(['/usr/bin/chromium'], { CHROMIUM_PATH: '/usr/bin/chromium', PATH: '' })
    await expect(findReviewingChromiums(lookups)).resolves.toEqual([
      { path: '/usr/bin/chromium', source: 'CHROMIUM_PATH' },
      { path: '/tmp/chromium', source: 'package' },
    ])
  })

  it('is the packaged one alone on a machine without another', async () => {
    const { lookups } = machine([], { PATH: '/usr/local/bin' })
    await expect(findReviewingChromiums(lookups)).resolves.toEqual([
      { path: '/tmp/chromium', source: 'package' },
    ])
  })

  it('fails when the packaged one cannot be unpacked, rather than leave it out', async () => {
    const { lookups } = machine(['/usr/bin/chromium'])
    lookups.packaged = async () => {
      throw new Error('it is built for x64 Linux, and this is darwin on arm64')
    }
    await expect(findReviewingChromiums(lookups)).rejects.toThrow(/x64 Linux/)
  })
})

describe('the packaged Chromium', () => {
  /** A temp folder holding a Chromium of `left` before the package unpacks its own (147). */
  function tempFolder(left: number | null) {
    let there: number | null = left
    const steps = {
      wanted: 147,
      unpack: vi.fn(async () => {
        there ??= 147
        return '/tmp/chromium'
      }),
      majorVersion: vi.fn(async () => there),
      remove: vi.fn(async () => {
        there = null
      }),
    }
    return steps
  }

  it('is the one unpacked when it is of the pinned version', async () => {
    const steps = tempFolder(147)
    await expect(unpackPinned(steps)).resolves.toBe('/tmp/chromium')
    expect(steps.remove).not.toHaveBeenCalled()
  })

  it('is unpacked again over one another version of the package left in the temp folder', async () => {
    const steps = tempFolder(153)
    await expect(unpackPinned(steps)).resolves.toBe('/tmp/chromium')
    expect(steps.remove).toHaveBeenCalledWith('/tmp/chromium')
    expect(steps.unpack).toHaveBeenCalledTimes(2)
  })

  it('fails when unpacking again still gives another version', async () => {
    const steps = { ...tempFolder(153), remove: vi.fn(async () => {}) }
    await expect(unpackPinned(steps)).rejects.toThrow('it unpacked Chromium 153 where 147 was expected')
  })
})
