// What the content check's tests share: PNGs of a given size, and a challenge folder in a temporary
// directory, made before and removed after each test.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PNG } from 'pngjs'
import { afterEach, beforeEach } from 'vitest'

/** A width×height PNG, white, with the first `changed` pixels black. */
export function png(width: number, height: number, changed = 0): Buffer {
  const image = new PNG({ width, height })
  image.data.fill(255)
  for (let i = 0; i < changed; i++) image.data.fill(0, i * 4, i * 4 + 3)
  return PNG.sync.write(image)
}

export interface TempFolder {
  /** The folder of the running test. */
  readonly dir: string
  /** Writes files into it, by path relative to it. */
  write(files: Record<string, string | Buffer>): Promise<void>
}

/** A fresh temporary folder for each test of the calling file. */
export function tempFolderPerTest(): TempFolder {
  let dir = ''
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'content-check-test-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  return {
    get dir() {
      return dir
    },
    async write(files) {
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true })
        await writeFile(join(dir, path), content)
      }
    },
  }
}
