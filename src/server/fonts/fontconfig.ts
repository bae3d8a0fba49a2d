/**
 * The fonts a reviewing Chromium sees: only DejaVu (Sans, Serif, Sans Mono), from the npm package
 * dejavu-fonts-ttf, never the machine's own. A page that brings no fonts of its own, or text its fonts
 * do not cover, then looks the same on every machine (docs/product.md §10). Chromium reads fontconfig,
 * so this writes a fontconfig file that lists the package's folder as the only one and maps the
 * generic families to it; the browser is launched with FONTCONFIG_FILE pointing at it.
 */

import { createHash } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** The package's folder: ttf/ holds the fonts, fontconfig/ its own rules. */
function packageDir(): string {
  return dirname(require.resolve('dejavu-fonts-ttf/package.json'))
}

/** The family each CSS generic family (and anything unknown) ends on. */
export const FONT_FAMILIES = {
  'sans-serif': 'DejaVu Sans',
  serif: 'DejaVu Serif',
  monospace: 'DejaVu Sans Mono',
} as const

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The fontconfig file. Rendering is set here too (antialiasing, slight hinting, no subpixel colours:
 * Debian's defaults) rather than taken from /etc/fonts, which differs between machines.
 */
export function fontconfigXml(fontPackageDir: string, cacheDir: string): string {
  const path = (p: string) => escapeXml(p)
  const unhint = ['sans', 'serif', 'sans-mono'].map(
    (name) =>
      `  <include ignore_missing="yes">${path(join(fontPackageDir, 'fontconfig', `20-unhint-small-dejavu-${name}.conf`))}</include>`,
  )
  const aliases = Object.entries(FONT_FAMILIES).map(
    ([generic, family]) =>
      `  <alias binding="same"><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`,
  )
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    `  <dir>${path(join(fontPackageDir, 'ttf'))}</dir>`,
    `  <cachedir>${path(cacheDir)}</cachedir>`,
    ...unhint,
    '  <match target="pattern">',
    '    <edit name="antialias" mode="append"><bool>true</bool></edit>',
    '    <edit name="hintstyle" mode="append"><const>hintslight</const></edit>',
    '    <edit name="rgba" mode="append"><const>none</const></edit>',
    '    <edit name="lcdfilter" mode="append"><const>lcddefault</const></edit>',
    '  </match>',
    ...aliases,
    // A family nobody has (Arial, Helvetica...) ends on DejaVu Sans, as on a desktop with only DejaVu.
    `  <match target="pattern"><edit name="family" mode="append_last"><string>${FONT_FAMILIES['sans-serif']}</string></edit></match>`,
    '</fontconfig>',
    '',
  ].join('\n')
}

let written: Promise<string> | undefined

/**
 * Writes the fontconfig file (once per process) and returns its path. It lives in the temp folder
 * under a name made of the user and the package's folder, so other users and checkouts never share
 * it, and it is written whole (a temp file renamed) so a browser starting meanwhile never reads half.
 */
export function fontconfigFile(): Promise<string> {
  written ??= (async () => {
    const fonts = packageDir()
    const key = createHash('sha256').update(fonts).digest('hex').slice(0, 12)
    const dir = join(tmpdir(), `frontend-dojo-fonts-${process.getuid?.() ?? 0}-${key}`)
    await mkdir(join(dir, 'cache'), { recursive: true })
    const file = join(dir, 'fonts.conf')
    const partial = `${file}.${process.pid}.tmp`
    await writeFile(partial, fontconfigXml(fonts, join(dir, 'cache')))
    await rename(partial, file)
    return file
  })()
  written.catch(() => {
    written = undefined
  })
  return written
}
