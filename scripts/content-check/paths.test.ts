import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { temporaryDir } from '#tests/support/content-fixtures.ts'
import { CHALLENGES_DIR } from '../content-render.ts'
import { PATHS_DIR } from './index.ts'
import { checkPaths } from './paths.ts'

const pathFile = (title: string, steps: string) =>
  `---\ntitle: ${title}\nsummary: A path written for the content check's own test.\nlevel: beginner\norder: 1\nsteps:${steps}\n---\nAn introduction.\n`

/** A catalogue of two challenge folders and the given path files. */
async function content(files: Record<string, string>) {
  const root = await temporaryDir('paths-check-')
  for (const slug of ['Alpha-Navbar', 'Beta-Footer'])
    await mkdir(join(root, 'challenges', slug), { recursive: true })
  await mkdir(join(root, 'paths'))
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, 'paths', name), text)
  return checkPaths(join(root, 'paths'), join(root, 'challenges'))
}

const messages = (reports: Awaited<ReturnType<typeof checkPaths>>) =>
  reports.map((report) => [report.slug, report.problems.map((p) => `${p.field ?? ''}: ${p.message}`)])

describe('the learning paths check', () => {
  it('passes the catalogue’s own paths', async () => {
    const reports = await checkPaths(PATHS_DIR, CHALLENGES_DIR)
    expect(reports.length).toBeGreaterThanOrEqual(4)
    expect(reports.filter((report) => report.problems.length > 0)).toEqual([])
  })

  it('passes a path whose steps are all challenges', async () => {
    const reports = await content({
      'two-steps.md': pathFile(
        'Two steps',
        '\n  - challenge: Alpha-Navbar\n    note: What the first step teaches.\n  - challenge: Beta-Footer\n    note: What the second step teaches.',
      ),
    })
    expect(messages(reports)).toEqual([['paths/two-steps', []]])
  })

  it('fails a step that names no challenge, and an empty path', async () => {
    const reports = await content({
      'unknown-step.md': pathFile(
        'Unknown step',
        '\n  - challenge: Alpha-Navbar\n    note: What the first step teaches.\n  - challenge: Gamma-Hero\n    note: A challenge the catalogue does not have.',
      ),
      'empty-path.md': pathFile('Empty path', ' []'),
    })
    expect(messages(reports)).toEqual([
      ['paths/empty-path', ['steps: a path needs at least one step']],
      ['paths/unknown-step', ['steps.1.challenge: there is no challenge "Gamma-Hero" in the catalogue']],
    ])
  })

  it('fails a file not named after its title, a step twice, and a file without front matter', async () => {
    const step = '\n  - challenge: Alpha-Navbar\n    note: What the first step teaches.'
    const reports = await content({
      'other-name.md': pathFile('Some title', step),
      'twice.md': pathFile('Twice', step + step),
      'no-front-matter.md': 'Only text.\n',
    })
    expect(messages(reports)).toEqual([
      ['paths/no-front-matter', [': must start with front matter between two "---" lines']],
      ['paths/other-name', ['title: the file must be named after the title: some-title.md']],
      ['paths/twice', ['steps.1.challenge: Alpha-Navbar is a step twice']],
    ])
  })
})
