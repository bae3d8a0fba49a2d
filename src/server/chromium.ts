/**
 * The Chromium that reviews and design renders run, and the flags every headless run here uses (the
 * browser tests, the design renderer, the Lighthouse benchmark). Reviews work on a fresh machine with
 * nothing but `npm install`: the browser is CHROMIUM_PATH when set, else the system's `chromium`,
 * else the one the npm package @sparticuz/chromium ships (docs/product.md §10).
 */

import { execFile } from 'node:child_process'
import { constants } from 'node:fs'
import { access, readFile, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { delimiter, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { fontconfigFile } from '#server/fonts/fontconfig.ts'

/**
 * The configured or Debian Chromium, without a lookup: what the tests, the Playwright config and the
 * benchmarks launch (they run where Debian's chromium is installed). Reviews use resolveChromium().
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * How every reviewing or design-rendering Chromium draws a page, whichever build it is (docs/product.md
 * §10, docs/decisions/014-one-rendering-for-every-chromium.md): the system's Chromium runs the full
 * browser headless and takes text rendering from fontconfig (the project's file: slight hinting, no
 * subpixel colours), while the one @sparticuz/chromium ships is a headless shell that ignores fontconfig's
 * hinting for its own full hinting unless told otherwise, and then lays text out with whole-pixel glyph
 * advances: wider lines, other line breaks, a taller page. `--font-render-hinting=slight` gives the shell
 * what fontconfig gives the full browser (which ignores the flag), so both draw text alike to the pixel.
 * The rest pins what could otherwise follow the machine: one pixel per CSS pixel, sRGB whatever display
 * profile, greyscale antialiasing, no scrollbars taking width.
 */
export const RENDERING_ARGS = [
  '--font-render-hinting=slight',
  '--force-device-scale-factor=1',
  '--force-color-profile=srgb',
  '--disable-lcd-text',
  '--hide-scrollbars',
]

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

const require = createRequire(import.meta.url)
const execFileAsync = promisify(execFile)

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'package'

/** What the lookup reads from the machine; tests give their own. */
export type ChromiumLookups = {
  env: { CHROMIUM_PATH?: string | undefined; PATH?: string | undefined }
  isExecutable(path: string): Promise<boolean>
  /** Unpacks the Chromium that @sparticuz/chromium ships and returns its path. */
  packaged(): Promise<string>
}

/**
 * CHROMIUM_PATH as it is when set (a wrong one fails at launch rather than quietly using another),
 * else the first executable `chromium` on PATH, else /usr/bin/chromium, else the packaged one.
 */
export async function findChromium(
  lookups: ChromiumLookups,
): Promise<{ path: string; source: ChromiumSource }> {
  const configured = lookups.env.CHROMIUM_PATH?.trim()
  if (configured) return { path: configured, source: 'CHROMIUM_PATH' }
  const onPath = (lookups.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => join(dir, 'chromium'))
  for (const candidate of new Set([...onPath, SYSTEM_CHROMIUM])) {
    if (await lookups.isExecutable(candidate)) return { path: candidate, source: 'system' }
  }
  try {
    return { path: await lookups.packaged(), source: 'package' }
  } catch (error) {
    throw new Error(
      `No Chromium to review with: CHROMIUM_PATH is not set, there is no chromium on PATH or at ${SYSTEM_CHROMIUM}, and the one @sparticuz/chromium ships could not be unpacked (${error instanceof Error ? error.message : String(error)}).`,
    )
  }
}

/** One Chromium the platform may review with, and where it comes from. */
export type ReviewingChromium = { path: string; source: ChromiumSource }

/**
 * Every Chromium a review may run with, depending on the machine (docs/product.md §10): CHROMIUM_PATH when
 * set, the system's when there is one, and always the packaged one, which a machine without the others
 * falls back to. The content check reviews each reference with each of them. A packaged Chromium that
 * cannot be unpacked throws: a check that quietly left it out would pass what it never looked at.
 */
export async function findReviewingChromiums(lookups: ChromiumLookups): Promise<ReviewingChromium[]> {
  const found: ReviewingChromium[] = []
  const configured = lookups.env.CHROMIUM_PATH?.trim()
  if (configured) found.push({ path: configured, source: 'CHROMIUM_PATH' })
  const system = await findChromium({
    ...lookups,
    env: { PATH: lookups.env.PATH },
    packaged: () => Promise.reject(new Error('not wanted here')),
  }).catch(() => null)
  if (system) found.push(system)
  found.push({ path: await lookups.packaged(), source: 'package' })
  return found.filter((chromium, i) => found.findIndex((other) => other.path === chromium.path) === i)
}

/** findReviewingChromiums on this machine. */
export function reviewingChromiums(): Promise<ReviewingChromium[]> {
  return findReviewingChromiums({ env: process.env, isExecutable, packaged })
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK)
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/**
 * The package unpacks its brotli-compressed Chromium (and the libraries it loads) into the temp folder
 * on first use, a few seconds, and reuses it afterwards. It is loaded only then: a machine with a
 * system Chromium never reads it. Its build is for x64 Linux and loads the system's NSS (libnss3).
 * The package reuses whatever `chromium` the temp folder holds, also one another version of the package
 * left there, so the unpacked build's major version is checked against the package's and a stale one is
 * unpacked again: reviews run with the pinned build only.
 */
async function packaged(): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`it is built for x64 Linux, and this is ${process.platform} on ${process.arch}`)
  const { default: Chromium } = await import('@sparticuz/chromium')
  return unpackPinned({
    wanted: await packagedMajorVersion(),
    unpack: () => Chromium.executablePath(),
    majorVersion,
    remove: (path) => rm(path, { force: true }),
  })
}

/**
 * The unpacked Chromium when its major version is `wanted`; else it is removed and unpacked again, once.
 * Exported for its tests, which give their own steps.
 */
export async function unpackPinned(steps: {
  wanted: number
  unpack(): Promise<string>
  majorVersion(path: string): Promise<number | null>
  remove(path: string): Promise<void>
}): Promise<string> {
  const path = await steps.unpack()
  if ((await steps.majorVersion(path)) === steps.wanted) return path
  await steps.remove(path)
  const again = await steps.unpack()
  const found = await steps.majorVersion(again)
  if (found !== steps.wanted)
    throw new Error(
      `it unpacked Chromium ${found ?? 'of no known version'} where ${steps.wanted} was expected`,
    )
  return again
}

/** The installed package's major version, which is its Chromium's (147.0.0 ships Chromium 147). */
async function packagedMajorVersion(): Promise<number> {
  // Its package.json is not among its exports: it sits two folders above the CommonJS entry.
  const entry = require.resolve('@sparticuz/chromium')
  const manifest = JSON.parse(await readFile(join(dirname(entry), '..', '..', 'package.json'), 'utf8'))
  if (manifest.name !== '@sparticuz/chromium') throw new Error(`its package.json was not found`)
  return Number.parseInt(String(manifest.version), 10)
}

/** The major version a Chromium binary reports (`Chromium 147.0.7727.0`), or null. */
async function majorVersion(path: string): Promise<number | null> {
  try {
    const { stdout } = await execFileAsync(path, ['--version'], { timeout: 30_000 })
    const match = /(\d+)\.\d+\.\d+/.exec(stdout)
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

let resolving: Promise<string> | undefined

/** The Chromium reviews and design renders launch, looked up once per process (see findChromium). */
export function resolveChromium(): Promise<string> {
  if (!resolving) {
    const lookup = findChromium({ env: process.env, isExecutable, packaged }).then(({ path }) => path)
    // A failed lookup is tried again by the next launch (the temp folder may have been full).
    lookup.catch(() => {
      if (resolving === lookup) resolving = undefined
    })
    resolving = lookup
  }
  return resolving
}

/**
 * The environment a reviewing or rendering Chromium starts with: this process's, with FONTCONFIG_FILE
 * naming the project's fonts (src/server/fonts/fontconfig.ts), so captures look the same everywhere.
 */
export async function chromiumEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value
  env.FONTCONFIG_FILE = await fontconfigFile()
  return env
}
