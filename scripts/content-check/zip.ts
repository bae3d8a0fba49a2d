// The zip, built as the importer builds it: its entries are exactly the brief, style guide,
// design/*, images/*, fonts/* and the starter files at the root; the asset list the challenge page
// shows covers every entry and promises nothing the zip lacks; it opens and every entry equals its
// source file.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { buildZip } from '#server/content/build.ts'
import type { LoadedChallenge } from '#server/content/load.ts'
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
  const names = Object.keys(unzipped).sort()
  if (names.join('\n') !== [...entries].sort().join('\n'))
    problems.push({
      path: zipPath,
      message: `opens with other entries than it was built with: ${names.join(', ')}`,
    })
  for (const name of names) {
    const source = await readFile(join(challenge.dir, sourceOfZipPath(name))).catch(() => null)
    const data = unzipped[name]
    if (!source || !data) continue
    // README.md may carry an appended Figma note.
    const same =
      name === 'README.md'
        ? Buffer.from(data).subarray(0, source.length).equals(source)
        : Buffer.from(data).equals(source)
    if (!same) problems.push({ path: zipPath, field: name, message: 'differs from its source file' })
  }
  return problems
}
