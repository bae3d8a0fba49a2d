/**
 * The Chromium that reviews and design renders run, and the flags every headless run here uses (the
 * browser tests, the design renderer, the Lighthouse benchmark). Reviews work on a fresh machine with
 * nothing but `npm install`: the browser is CHROMIUM_PATH when set, else the system's `chromium`,
 * else the one the npm package @sparticuz/chromium ships (docs/product.md §10).
 */

import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
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

const SYSTEM_CHROMIUM = '/usr/bin/chromium'

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
 * on first use, about a second, and reuses it afterwards. It is loaded only then: a machine with a
 * system Chromium never reads it. Its build is for x64 Linux and loads the system's NSS (libnss3).
 */
async function packaged(): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`it is built for x64 Linux, and this is ${process.platform} on ${process.arch}`)
  const { default: Chromium } = await import('@sparticuz/chromium')
  return Chromium.executablePath()
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
