import { readdir, readFile, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serialize } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { buildImagesInProcess, type ImageBuilder } from '#server/content/build.ts'
import { IMAGE_CACHE_ENTRIES, keptImages } from '#server/content/image-cache.ts'
import { loadCatalogue } from '#server/content/load.ts'
import type { Logger } from '#server/logger.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'

/** The real conversion, counting its calls. */
function countingBuilder(): ImageBuilder & { calls: string[] } {
  const calls: string[] = []
  const build = Object.assign(
    async (challenge: Parameters<ImageBuilder>[0]) => {
      calls.push(challenge.slug)
      return buildImagesInProcess(challenge)
    },
    { calls },
  )
  return build
}

async function challengeIn(contentDir: string, options: Parameters<typeof writeChallengeFolder>[1]) {
  const { slug } = await writeChallengeFolder(contentDir, options)
  const challenge = (await loadCatalogue(contentDir)).find((loaded) => loaded.slug === slug)
  if (!challenge) throw new Error(`${slug} did not load`)
  return challenge
}

const warnings = () => {
  const said: string[] = []
  const log = { warn: (message: string) => said.push(message) } as unknown as Logger
  return { said, log }
}

describe('kept design images', () => {
  it('converts a folder once: the next import gets the same bytes without converting', async () => {
    const cache = await temporaryDir('dojo-image-cache-')
    const challenge = await challengeIn(await temporaryDir(), { title: 'Kept Once' })
    const build = countingBuilder()
    const first = await keptImages(build, cache)(challenge)
    const second = await keptImages(build, cache)(challenge)
    expect(build.calls).toEqual(['Kept-Once'])
    expect(second).toEqual(first)
    expect(second.views.desktop.full).toBeInstanceOf(Uint8Array)
    expect(second.views.desktop.full.byteLength).toBeGreaterThan(0)
  })

  it('converts a changed folder again, and keeps both', async () => {
    const cache = await temporaryDir('dojo-image-cache-')
    const contentDir = await temporaryDir()
    const build = countingBuilder()
    const before = await challengeIn(contentDir, { title: 'Changing Kept' })
    await keptImages(build, cache)(before)
    const after = await challengeIn(contentDir, {
      title: 'Changing Kept',
      description: 'Another description, so another content hash.',
    })
    expect(after.contentHash).not.toBe(before.contentHash)
    await keptImages(build, cache)(after)
    await keptImages(build, cache)(before)
    expect(build.calls).toEqual(['Changing-Kept', 'Changing-Kept'])
    expect(await readdir(cache)).toHaveLength(2)
  })

  it('converts again over an entry that is unreadable or not whole, and replaces it', async () => {
    const cache = await temporaryDir('dojo-image-cache-')
    const challenge = await challengeIn(await temporaryDir(), { title: 'Broken Kept' })
    const build = countingBuilder()
    const images = await keptImages(build, cache)(challenge)
    const [entry] = await readdir(cache)
    if (!entry) throw new Error('nothing kept')
    await writeFile(join(cache, entry), 'not an entry')
    expect(await keptImages(build, cache)(challenge)).toEqual(images)
    // A readable entry without the states the folder has is not whole.
    await writeFile(join(cache, entry), serialize({ ...images, views: { desktop: images.views.desktop } }))
    expect(await keptImages(build, cache)(challenge)).toEqual(images)
    expect(build.calls).toHaveLength(3)
    expect(await keptImages(build, cache)(challenge)).toEqual(images)
    expect(build.calls).toHaveLength(3)
    expect((await readFile(join(cache, entry))).byteLength).toBeGreaterThan(1000)
  })

  it('still converts, and says so, when the folder cannot be made', async () => {
    // Under a file: no folder can be made there, whoever runs the test.
    const file = join(await temporaryDir('dojo-image-cache-'), 'a-file')
    await writeFile(file, '')
    const challenge = await challengeIn(await temporaryDir(), { title: 'Unkept One' })
    const build = countingBuilder()
    const { said, log } = warnings()
    const images = await keptImages(build, join(file, 'inside'), log)(challenge)
    expect(images.views.mobile.full.byteLength).toBeGreaterThan(0)
    await keptImages(build, join(file, 'inside'), log)(challenge)
    expect(said).toEqual([
      'the converted design images could not be kept',
      'the converted design images could not be kept',
    ])
    expect(build.calls).toEqual(['Unkept-One', 'Unkept-One'])
  })

  it('keeps nothing without a folder', async () => {
    const challenge = await challengeIn(await temporaryDir(), { title: 'Never Kept' })
    const build = countingBuilder()
    await keptImages(build, null)(challenge)
    await keptImages(build, null)(challenge)
    expect(build.calls).toEqual(['Never-Kept', 'Never-Kept'])
  })

  it(`keeps the ${IMAGE_CACHE_ENTRIES} most recently written entries`, async () => {
    const cache = await temporaryDir('dojo-image-cache-')
    const challenge = await challengeIn(await temporaryDir(), { title: 'Many Kept' })
    const old = new Date(Date.now() - 86_400_000)
    for (let index = 0; index < IMAGE_CACHE_ENTRIES; index++) {
      const name = join(cache, `old-${String(index).padStart(3, '0')}.v8`)
      await writeFile(name, '')
      await utimes(name, old, old)
    }
    await keptImages(countingBuilder(), cache)(challenge)
    const left = await readdir(cache)
    expect(left).toHaveLength(IMAGE_CACHE_ENTRIES)
    expect(left.filter((name) => !name.startsWith('old-'))).toHaveLength(1)
  })
})
