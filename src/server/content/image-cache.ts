import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import {
  type BuiltImages,
  IMAGE_SETTINGS,
  type ImageBuilder,
  PREVIEWED_VIEWS,
} from '#server/content/build.ts'
import { DESIGN_VIEWS, type LoadedChallenge } from '#server/content/load.ts'
import type { Logger } from '#server/logger.ts'
import { loadSharp } from '#server/sharp.ts'

/**
 * The design images a catalogue import converted, kept on this machine by the challenge folder's content
 * hash and everything else that shapes their bytes (the settings, the image library's version), so that
 * the next import of the same folder into an empty database copies them instead of converting them
 * again (docs/decisions/025-kept-design-images.md). The database and storage are still written as by a
 * first import: only the conversion is skipped.
 */

/** How many challenges' images are kept; the least recently written go first. */
export const IMAGE_CACHE_ENTRIES = 200

let format: Promise<string> | undefined

/** What, besides a folder's content, decides the images' bytes. */
function imageFormat(): Promise<string> {
  format ??= loadSharp().then((sharp) =>
    JSON.stringify({ settings: IMAGE_SETTINGS, previewed: PREVIEWED_VIEWS, versions: sharp.versions }),
  )
  return format
}

async function entryName(challenge: LoadedChallenge): Promise<string> {
  const hash = createHash('sha256')
    .update(await imageFormat())
    .update('\0')
    .update(challenge.contentHash)
  return `${hash.digest('hex').slice(0, 40)}.v8`
}

/** A kept entry is used only when it has every view and exactly the folder's states, in order. */
function isBuiltImages(value: unknown, challenge: LoadedChallenge): value is BuiltImages {
  if (typeof value !== 'object' || value === null) return false
  const { views, states } = value as Partial<BuiltImages>
  const image = (v: unknown) =>
    typeof v === 'object' &&
    v !== null &&
    (v as { full?: unknown }).full instanceof Uint8Array &&
    Number.isInteger((v as { width?: unknown }).width) &&
    Number.isInteger((v as { height?: unknown }).height)
  return (
    typeof views === 'object' &&
    views !== null &&
    DESIGN_VIEWS.every(({ view }) => image(views[view]) && views[view].thumb instanceof Uint8Array) &&
    Array.isArray(states) &&
    states.length === challenge.states.length &&
    states.every((state, index) => image(state) && state.name === challenge.states[index]?.name)
  )
}

/**
 * `build`, with its results kept in `dir` (null: not kept). A kept entry that cannot be read, or is
 * not whole, is built again and replaced; a cache that cannot be written is only logged: the import
 * never fails because of it.
 */
export function keptImages(build: ImageBuilder, dir: string | null, log?: Logger): ImageBuilder {
  if (!dir) return build
  return async (challenge) => {
    const file = join(dir, await entryName(challenge))
    try {
      const kept: unknown = deserialize(await readFile(file))
      if (isBuiltImages(kept, challenge)) return kept
    } catch {
      // Not kept yet, or unreadable: built below.
    }
    const images = await build(challenge)
    try {
      await mkdir(dir, { recursive: true })
      // Written aside and renamed: a reader sees a whole entry or none, also with several importers.
      const aside = `${file}.${randomUUID()}.tmp`
      await writeFile(aside, serialize(images))
      await rename(aside, file)
      await prune(dir)
    } catch (error) {
      log?.warn('the converted design images could not be kept', {
        dir,
        reason: error instanceof Error ? error.message : String(error),
      })
    }
    return images
  }
}

/** Drops the least recently written entries past IMAGE_CACHE_ENTRIES. */
async function prune(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.v8'))
  if (names.length <= IMAGE_CACHE_ENTRIES) return
  const dated = await Promise.all(
    names.map(async (name) => ({ name, at: (await stat(join(dir, name)).catch(() => null))?.mtimeMs ?? 0 })),
  )
  dated.sort((a, b) => b.at - a.at)
  await Promise.all(dated.slice(IMAGE_CACHE_ENTRIES).map(({ name }) => rm(join(dir, name), { force: true })))
}
