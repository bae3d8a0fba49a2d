import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildImagesInProcess } from '#server/content/build.ts'
import { withImageProcess } from '#server/content/image-process.ts'
import { loadCatalogue } from '#server/content/load.ts'
import { png, temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'

/** This process's children by command line (Linux `ps`). */
function childCommands(): string[] {
  try {
    return execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('image-worker'))
  } catch {
    return [] // ps exits 1 when there are none
  }
}

describe('design images converted in a child process', () => {
  it('gives the same bytes as converting in this process, and the child ends with the work', async () => {
    const contentDir = await temporaryDir()
    await writeChallengeFolder(
      contentDir,
      { title: 'Child One' },
      {
        'states.json': JSON.stringify([
          { name: 'mobile-menu-open', view: 'mobile', steps: [{ click: 'button' }] },
        ]),
        'design/mobile-menu-open.png': await png(375, 700, '#abcdef'),
      },
    )
    await writeChallengeFolder(contentDir, { title: 'Child Two' })
    const catalogue = await loadCatalogue(contentDir)

    const fromChild = await withImageProcess(async (build) => {
      const results = await Promise.all(catalogue.map((challenge) => build(challenge)))
      expect(childCommands()).toHaveLength(1)
      return results
    })
    expect(childCommands()).toEqual([])

    for (const [index, challenge] of catalogue.entries()) {
      const here = await buildImagesInProcess(challenge)
      const there = fromChild[index]
      for (const view of ['desktop', 'tablet', 'mobile'] as const) {
        expect(Buffer.from(there?.views[view].full ?? [])).toEqual(Buffer.from(here.views[view].full))
        expect(Buffer.from(there?.views[view].thumb ?? [])).toEqual(Buffer.from(here.views[view].thumb))
      }
      expect(there?.states.map(({ name, width, height }) => ({ name, width, height }))).toEqual(
        here.states.map(({ name, width, height }) => ({ name, width, height })),
      )
      expect(Buffer.from(there?.states[0]?.full ?? [])).toEqual(Buffer.from(here.states[0]?.full ?? []))
    }
  })

  it("passes a conversion's failure on and keeps converting the rest", async () => {
    const contentDir = await temporaryDir()
    const good = await writeChallengeFolder(contentDir, { title: 'Good Images' })
    const bad = await writeChallengeFolder(contentDir, { title: 'Bad Images' })
    const catalogue = await loadCatalogue(contentDir)
    // Broken after the folder was checked, as a file changed during an import would be.
    await writeFile(join(bad.dir, 'design', 'tablet.png'), 'not a png')

    await withImageProcess(async (build) => {
      const byDir = (dir: string) => {
        const challenge = catalogue.find((c) => c.dir === dir)
        if (!challenge) throw new Error(`no challenge at ${dir}`)
        return challenge
      }
      await expect(build(byDir(bad.dir))).rejects.toThrow(/unsupported image format|Input buffer/i)
      const images = await build(byDir(good.dir))
      expect(images.views.desktop.full.byteLength).toBeGreaterThan(0)
    })
    expect(childCommands()).toEqual([])
  })

  it('ends the child when the work throws', async () => {
    await expect(
      withImageProcess(async (build) => {
        const contentDir = await temporaryDir()
        await writeChallengeFolder(contentDir, { title: 'Started Then Failed' })
        const [challenge] = await loadCatalogue(contentDir)
        if (challenge) await build(challenge)
        throw new Error('the import failed')
      }),
    ).rejects.toThrow('the import failed')
    expect(childCommands()).toEqual([])
  })
})
