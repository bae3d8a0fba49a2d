import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { z } from 'zod'
import { loadSharp } from '#server/sharp.ts'
import { type ChallengeMetadata, challengeMetadataSchema } from '#shared/challenge.ts'
import { DEVICE_WIDTHS } from '#shared/constants.ts'
import { titleToSlug } from '#shared/slug.ts'

/** Bump when the importer's output changes for the same input, so every challenge is rebuilt. */
const PIPELINE_VERSION = 3

export const DESIGN_VIEWS = [
  { view: 'desktop', width: DEVICE_WIDTHS.Desktop },
  { view: 'tablet', width: DEVICE_WIDTHS.Tablet },
  { view: 'mobile', width: DEVICE_WIDTHS.Mobile },
] as const
export type DesignView = (typeof DESIGN_VIEWS)[number]['view']

const REQUIRED_FILES = [
  'challenge.json',
  'README.md',
  'style-guide.md',
  'starter/index.html',
  'starter/style.css',
  ...DESIGN_VIEWS.map((d) => `design/${d.view}.png`),
]

/**
 * What the importer needs of states.json (docs/content-format.md "State images"): each state's name and
 * view, in order. The steps are the renderer's business, and content:check holds them to its format.
 */
const statesSchema = z.array(
  z.looseObject({
    name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase letters, digits and hyphens'),
    view: z.enum(DESIGN_VIEWS.map((d) => d.view)),
  }),
)

export type DesignState = { name: string; view: DesignView }

export type ContentProblem = { path: string; field?: string; message: string }

export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `The catalogue has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported:\n${problems
        .map((p) => `  ${p.path}${p.field ? ` (${p.field})` : ''}: ${p.message}`)
        .join('\n')}`,
    )
    this.name = 'ContentError'
  }
}

export type LoadedChallenge = {
  slug: string
  dir: string
  metadata: ChallengeMetadata
  /** Paths relative to the challenge folder, '/'-separated, sorted. */
  files: string[]
  /** The state images, in the order of states.json; none without the file. */
  states: DesignState[]
  contentHash: string
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}

async function hashFiles(dir: string, files: string[]): Promise<string> {
  const hash = createHash('sha256').update(`pipeline:${PIPELINE_VERSION}\0`)
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(await readFile(join(dir, file)))
  return hash.digest('hex')
}

async function loadOne(
  root: string,
  folder: string,
  problems: ContentProblem[],
): Promise<LoadedChallenge | null> {
  const dir = join(root, folder)
  const shown = (file?: string) => relative(process.cwd(), file ? join(dir, file) : dir) || dir
  const files = await listFiles(dir)
  const before = problems.length

  for (const file of REQUIRED_FILES) {
    if (!files.includes(file)) problems.push({ path: shown(file), message: 'required file is missing' })
  }

  let metadata: ChallengeMetadata | null = null
  if (files.includes('challenge.json')) {
    let raw: unknown
    try {
      raw = JSON.parse(await readFile(join(dir, 'challenge.json'), 'utf8'))
    } catch (error) {
      problems.push({
        path: shown('challenge.json'),
        message: `is not valid JSON (${(error as Error).message})`,
      })
    }
    if (raw !== undefined) {
      const parsed = challengeMetadataSchema.safeParse(raw)
      if (parsed.success) metadata = parsed.data
      else {
        for (const issue of parsed.error.issues) {
          problems.push({
            path: shown('challenge.json'),
            field: issue.path.join('.') || undefined,
            message: issue.message,
          })
        }
      }
    }
  }
  if (metadata && titleToSlug(metadata.title) !== folder) {
    problems.push({
      path: shown('challenge.json'),
      field: 'title',
      message: `the folder must be named after the title: expected "${titleToSlug(metadata.title)}", found "${folder}"`,
    })
  }

  const sharp = await loadSharp()
  for (const { view, width } of DESIGN_VIEWS) {
    const file = `design/${view}.png`
    if (!files.includes(file)) continue
    try {
      const info = await sharp(join(dir, file)).metadata()
      if (info.format !== 'png')
        problems.push({ path: shown(file), message: `must be a PNG (found ${info.format})` })
      else if (info.width !== width) {
        problems.push({
          path: shown(file),
          field: 'width',
          message: `must be ${width} px wide (found ${info.width} px)`,
        })
      }
    } catch (error) {
      problems.push({ path: shown(file), message: `is not a readable image (${(error as Error).message})` })
    }
  }

  const states: DesignState[] = []
  if (files.includes('states.json')) {
    let raw: unknown
    try {
      raw = JSON.parse(await readFile(join(dir, 'states.json'), 'utf8'))
    } catch (error) {
      problems.push({
        path: shown('states.json'),
        message: `is not valid JSON (${(error as Error).message})`,
      })
    }
    if (raw !== undefined) {
      const parsed = statesSchema.safeParse(raw)
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          problems.push({
            path: shown('states.json'),
            field: issue.path.join('.') || undefined,
            message: issue.message,
          })
        }
      } else {
        for (const { name, view } of parsed.data) {
          if (files.includes(`design/${name}.png`)) states.push({ name, view })
          else
            problems.push({ path: shown(`design/${name}.png`), message: 'is missing: states.json lists it' })
        }
      }
    }
  }

  if (problems.length > before || !metadata) return null
  return { slug: folder, dir, metadata, files, states, contentHash: await hashFiles(dir, files) }
}

/**
 * Reads and checks every challenge folder. Either all are valid, or ContentError lists every problem
 * by path and field: the import never starts on a half-valid catalogue.
 */
export async function loadCatalogue(root: string): Promise<LoadedChallenge[]> {
  const info = await stat(root).catch(() => null)
  if (!info?.isDirectory())
    throw new ContentError([{ path: root, message: 'the content folder does not exist' }])

  const folders = (await readdir(root, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
  const problems: ContentProblem[] = []
  const loaded: LoadedChallenge[] = []
  for (const folder of folders) {
    const challenge = await loadOne(root, folder, problems)
    if (challenge) loaded.push(challenge)
  }

  const titles = new Map<string, string>()
  for (const challenge of loaded) {
    const key = challenge.metadata.title.toLowerCase()
    const other = titles.get(key)
    if (other) {
      problems.push({
        path: relative(process.cwd(), join(challenge.dir, 'challenge.json')),
        field: 'title',
        message: `duplicates the title of ${other}`,
      })
    }
    titles.set(key, challenge.slug)
  }

  if (problems.length > 0) throw new ContentError(problems)
  return loaded
}
