// The zip, built as the importer builds it: one top-level folder named after the slug, holding exactly
// the brief, style guide, design/*, images/*, fonts/* and the starter files, with no space in any
// name; the asset list the challenge page shows covers every entry and promises nothing the zip
// lacks; it opens and every entry equals its source file, the README with the standard "Submitting"
// section (src/server/content/readme.ts).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { buildZip } from '#server/content/build.ts'
import type { LoadedChallenge } from '#server/content/load.ts'
import { SUBMITTING_HEADING, zipReadme } from '#server/content/readme.ts'
import { groupZipEntries } from '#shared/assets.ts'
import { type Problem, shown, sourceOfZipPath, zippedAsIs } from './shared.ts'

/** What the zip must hold for these folder files: the brief, style guide, assets, starter at the root. */
export function expectedZipEntries(files: readonly string[]): string[] {
  const entries: string[] = []
  for (const file of files) {
    if (zippedAsIs(file)) entries.push(file)
    else if (file.startsWith('starter/')) entries.push(file.slice('starter/'.length))
  }
  return entries.sort()
}

/** Compares the zip's entries with the expected list and the page's asset list. */
export function checkZipEntries(
  zipPath: string,
  files: readonly string[],
  entries: readonly string[],
  figmaUrl?: string | null,
): Problem[] {
  const problems: Problem[] = []
  const expected = expectedZipEntries(files)
  const duplicates = expected.filter((entry, i) => expected.indexOf(entry) !== i)
  for (const entry of new Set(duplicates))
    problems.push({ path: zipPath, field: entry, message: 'two folder files land on the same zip entry' })
  const actual = new Set(entries)
  const wanted = new Set(expected)
  for (const entry of wanted)
    if (!actual.has(entry)) problems.push({ path: zipPath, field: entry, message: 'is missing from the zip' })
  for (const entry of actual)
    if (!wanted.has(entry))
      problems.push({ path: zipPath, field: entry, message: 'should not be in the zip' })

  const groups = groupZipEntries(entries, figmaUrl)
  const listed = new Set(groups.flatMap((g) => g.files))
  for (const entry of entries)
    if (!listed.has(entry))
      problems.push({
        path: zipPath,
        field: entry,
        message: 'is in the zip but not in the asset list the challenge page shows',
      })
  for (const group of groups)
    for (const file of group.files)
      if (!actual.has(file))
        problems.push({
          path: zipPath,
          field: `${group.kind}: ${file}`,
          message: 'the asset list promises a file the zip lacks',
        })
  for (const kind of ['designs', 'style-guide', 'starter', 'readme'] as const)
    if (!groups.some((g) => g.kind === kind))
      problems.push({ path: zipPath, field: kind, message: 'the asset list has no such group' })
  return problems
}

/** What every download holds, inside its folder, whatever the challenge. */
export const ALWAYS_IN_ZIP = [
  'README.md',
  'style-guide.md',
  'index.html',
  'style.css',
  'design/desktop.png',
  'design/tablet.png',
  'design/mobile.png',
  'design/desktop.svg',
  'design/tablet.svg',
  'design/mobile.svg',
]

/**
 * The layout of the zip as it opens, from its entry names in order: one top-level folder, named
 * `slug`, every file under it, no whitespace in any name, and the files every download holds.
 */
export function checkZipLayout(zipPath: string, slug: string, names: readonly string[]): Problem[] {
  const problems: Problem[] = []
  const tops = [...new Set(names.map((name) => name.split('/')[0] ?? ''))]
  if (tops.length !== 1 || tops[0] !== slug)
    problems.push({
      path: zipPath,
      field: 'folder',
      message: `must hold one top-level folder, "${slug}/", not ${tops.map((t) => `"${t}"`).join(', ') || 'nothing'}`,
    })
  for (const name of names)
    if (/\s/.test(name)) problems.push({ path: zipPath, field: name, message: 'has a space in its name' })
  const inside = new Set(names.filter((n) => n.startsWith(`${slug}/`)).map((n) => n.slice(slug.length + 1)))
  for (const file of ALWAYS_IN_ZIP)
    if (!inside.has(file)) problems.push({ path: zipPath, field: `${slug}/${file}`, message: 'is missing' })
  return problems
}

/** Builds the zip like the importer, checks its entries, opens it and compares every entry's bytes. */
export async function checkZip(challenge: LoadedChallenge): Promise<Problem[]> {
  const zipPath = `${shown(challenge.dir)} (zip)`
  const { zip, entries } = await buildZip(challenge)
  const problems = checkZipEntries(zipPath, challenge.files, entries, challenge.metadata.figmaUrl)
  let unzipped: Record<string, Uint8Array>
  try {
    unzipped = unzipSync(zip)
  } catch (error) {
    problems.push({ path: zipPath, message: `does not open (${(error as Error).message})` })
    return problems
  }
  const names = Object.keys(unzipped)
  problems.push(...checkZipLayout(zipPath, challenge.slug, names))
  const prefix = `${challenge.slug}/`
  // The folder's own entry (`Kitebase-Navbar/`) aside, the files in it.
  const inside = names
    .filter((n) => n.startsWith(prefix) && !n.endsWith('/'))
    .map((n) => n.slice(prefix.length))
  if (inside.sort().join('\n') !== [...entries].sort().join('\n'))
    problems.push({
      path: zipPath,
      message: `opens with other entries than it was built with: ${inside.join(', ')}`,
    })
  for (const name of inside) {
    const source = await readFile(join(challenge.dir, sourceOfZipPath(name))).catch(() => null)
    const data = unzipped[prefix + name]
    if (!source || !data) continue
    const expected =
      name === 'README.md'
        ? Buffer.from(zipReadme(source.toString('utf8'), challenge.metadata.figmaUrl))
        : source
    if (!Buffer.from(data).equals(expected))
      problems.push({ path: zipPath, field: name, message: 'differs from its source file' })
  }
  const readme = await readFile(join(challenge.dir, 'README.md'), 'utf8').catch(() => '')
  if (readme.split(/\r?\n/).some((line) => line.trim() === SUBMITTING_HEADING))
    problems.push({
      path: shown(join(challenge.dir, 'README.md')),
      field: SUBMITTING_HEADING,
      message:
        'the importer writes this section for every challenge (src/server/content/readme.ts); remove it',
    })
  return problems
}
