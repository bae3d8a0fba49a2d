import { rmSync } from 'node:fs'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { ChallengeMetadata } from '#shared/challenge.ts'
import { titleToSlug } from '#shared/slug.ts'

const WIDTHS = { desktop: 1440, tablet: 768, mobile: 375 } as const

let counter = 0

function challengeMetadata(overrides: Partial<ChallengeMetadata> = {}): ChallengeMetadata {
  counter += 1
  return {
    title: `Fixture Challenge ${counter}`,
    description: 'A fixture challenge with a description long enough to pass validation.',
    category: 'navbar',
    difficulty: 'easy',
    date: '2026-10-01',
    ...overrides,
  }
}

export async function png(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

/**
 * Writes a complete, valid challenge folder; `files` adds or replaces files (null removes one), so a
 * test can break exactly the part it is about.
 */
export async function writeChallengeFolder(
  root: string,
  metadata: { [K in keyof ChallengeMetadata]?: unknown } & Record<string, unknown> = {},
  files: Record<string, string | Buffer | null> = {},
): Promise<{ slug: string; dir: string; metadata: ChallengeMetadata }> {
  const full = { ...challengeMetadata(), ...metadata } as ChallengeMetadata
  const slug = titleToSlug(full.title)
  const dir = join(root, slug)
  const contents: Record<string, string | Buffer | null> = {
    'challenge.json': JSON.stringify(full, null, 2),
    'README.md': `# ${full.title}\n\nBuild this.\n`,
    'style-guide.md': '# Style guide\n\n- Navy: #0B1B3F\n',
    'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    'starter/index.html': '<!doctype html><title>Starter</title>',
    'starter/style.css': '/* your styles */\n',
    'reference/index.html': '<!doctype html><title>Reference</title>',
    'design/desktop.png': await png(WIDTHS.desktop, 900, '#123456'),
    'design/tablet.png': await png(WIDTHS.tablet, 1000, '#345678'),
    'design/mobile.png': await png(WIDTHS.mobile, 1200, '#56789a'),
    ...files,
  }
  for (const [file, data] of Object.entries(contents)) {
    if (data === null) continue
    const path = join(dir, file)
    await mkdir(join(path, '..'), { recursive: true })
    await writeFile(path, data)
  }
  return { slug, dir, metadata: full }
}

/** The folders made by temporaryDir in this process: removed when it exits. */
const temporaryDirs = new Set<string>()

function removeTemporaryDirs(): void {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true })
  temporaryDirs.clear()
}

/**
 * A new empty folder under the system's temporary folder, removed when the test process exits: the
 * catalogue fixtures are written into them by the hundred, and a run left about 400 MB behind.
 */
export async function temporaryDir(prefix = 'dojo-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  if (temporaryDirs.size === 0) process.once('exit', removeTemporaryDirs)
  temporaryDirs.add(dir)
  return dir
}
