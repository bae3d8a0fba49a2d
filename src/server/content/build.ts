import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type Zippable, zipSync } from 'fflate'
import { DESIGN_VIEWS, type DesignView, type LoadedChallenge } from '#server/content/load.ts'
import { zipReadme } from '#server/content/readme.ts'
import { loadSharp } from '#server/sharp.ts'
import { DESIGN_PREVIEW_WIDTH } from '#shared/constants.ts'

/**
 * How the stored images are made from the design PNGs. Everything that shapes their bytes is here, so
 * the kept images (image-cache.ts) follow any change of it.
 */
export const IMAGE_SETTINGS = {
  /** The full design and each state image. */
  full: { quality: 82, effort: 4 },
  /** Card previews: top-cropped, sized for the largest card slot at 2x density. */
  thumbnail: {
    webp: { quality: 78, effort: 4 },
    sizes: {
      desktop: { width: 800, height: 500 },
      tablet: { width: 384, height: 512 },
      mobile: { width: 240, height: 480 },
    } satisfies Record<DesignView, { width: number; height: number }>,
  },
  preview: { width: DESIGN_PREVIEW_WIDTH, webp: { quality: 82, effort: 4 } },
} as const

/**
 * The views that get a preview `DESIGN_PREVIEW_WIDTH` wide: those at least twice as wide (the desktop
 * design), whose full image a phone would load for a quarter of the pixels it shows.
 */
export const PREVIEWED_VIEWS: readonly DesignView[] = DESIGN_VIEWS.filter(
  ({ width }) => width >= 2 * DESIGN_PREVIEW_WIDTH,
).map(({ view }) => view)

/** Already-compressed formats are stored, not deflated again. */
const STORED = /\.(png|jpe?g|webp|gif|woff2?|zip)$/i

/** A stored design image and its size in pixels. */
export type BuiltImage = { full: Uint8Array; width: number; height: number }

export type BuiltImages = {
  /** The three breakpoints, each with its card thumbnail and, for `PREVIEWED_VIEWS`, its preview. */
  views: Record<DesignView, BuiltImage & { thumb: Uint8Array; preview?: Uint8Array }>
  /** The state images (docs/content-format.md "State images"), in the order of states.json. */
  states: (BuiltImage & { name: string; view: DesignView })[]
}

export type BuiltChallenge = {
  images: BuiltImages
  zip: Uint8Array
  zipEntries: string[]
}

/**
 * Where each file of the folder goes in the zip, relative to its top-level folder, or null when it is
 * not shipped (docs/content-format.md "Paths").
 */
function zipPathOf(file: string): string | null {
  if (file === 'README.md' || file === 'style-guide.md') return file
  // The design's elements are for the element review, not for building the page (docs/content-format.md).
  if (/^design\/[^/]+\.elements\.json$/.test(file)) return null
  if (/^(design|images|fonts)\//.test(file)) return file
  if (file.startsWith('starter/')) return file.slice('starter/'.length)
  return null
}

/**
 * The download: one top-level folder named after the slug (`Kitebase-Navbar/README.md`...) holding
 * the brief (with the standard "Submitting" section, src/server/content/readme.ts), the style guide,
 * design/, images/, fonts/ and the starter files. `entries` are the paths inside that folder, sorted,
 * as the asset list reads them.
 */
export async function buildZip(challenge: LoadedChallenge): Promise<{ zip: Uint8Array; entries: string[] }> {
  // A fixed time for every entry, the top-level folder's included, makes the zip's bytes depend on the
  // content alone: the same catalogue gives the same zip from any process, at any time.
  const mtime = new Date(`${challenge.metadata.date}T00:00:00Z`)
  const folder: Zippable = {}
  const entries: string[] = []
  for (const file of challenge.files) {
    const target = zipPathOf(file)
    if (!target) continue
    let data = new Uint8Array(await readFile(join(challenge.dir, file)))
    if (file === 'README.md')
      data = new TextEncoder().encode(zipReadme(new TextDecoder().decode(data), challenge.metadata.figmaUrl))
    folder[target] = [data, { level: STORED.test(file) ? 0 : 9, mtime }]
    entries.push(target)
  }
  return { zip: zipSync({ [challenge.slug]: folder }, { mtime }), entries: entries.sort() }
}

/** Turns a challenge's design PNGs into the stored WebP images (in this process, or another one). */
export type ImageBuilder = (challenge: LoadedChallenge) => Promise<BuiltImages>

async function toWebp(png: Buffer): Promise<BuiltImage> {
  const sharp = await loadSharp()
  const { data, info } = await sharp(png).webp(IMAGE_SETTINGS.full).toBuffer({ resolveWithObject: true })
  return { full: new Uint8Array(data), width: info.width, height: info.height }
}

export const buildImagesInProcess: ImageBuilder = async (challenge) => {
  const sharp = await loadSharp()
  const pairs = await Promise.all(
    DESIGN_VIEWS.map(async ({ view }) => {
      const png = await readFile(join(challenge.dir, 'design', `${view}.png`))
      const [full, thumb, preview] = await Promise.all([
        toWebp(png),
        sharp(png)
          .resize({ ...IMAGE_SETTINGS.thumbnail.sizes[view], fit: 'cover', position: 'top' })
          .webp(IMAGE_SETTINGS.thumbnail.webp)
          .toBuffer(),
        PREVIEWED_VIEWS.includes(view)
          ? sharp(png)
              .resize({ width: IMAGE_SETTINGS.preview.width })
              .webp(IMAGE_SETTINGS.preview.webp)
              .toBuffer()
          : undefined,
      ])
      return [
        view,
        { ...full, thumb: new Uint8Array(thumb), ...(preview ? { preview: new Uint8Array(preview) } : {}) },
      ] as const
    }),
  )
  const states = await Promise.all(
    challenge.states.map(async (state) => ({
      ...state,
      ...(await toWebp(await readFile(join(challenge.dir, 'design', `${state.name}.png`)))),
    })),
  )
  return { views: Object.fromEntries(pairs) as BuiltImages['views'], states }
}

export async function buildChallenge(
  challenge: LoadedChallenge,
  buildImages: ImageBuilder = buildImagesInProcess,
): Promise<BuiltChallenge> {
  const [images, { zip, entries }] = await Promise.all([buildImages(challenge), buildZip(challenge)])
  return { images, zip, zipEntries: entries }
}
