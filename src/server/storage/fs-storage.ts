import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { isValidKey, type Storage } from '#server/storage/storage.ts'

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

/** Storage in a local folder. Writes go to a temporary file first, so readers never see half a file. */
export function createFsStorage(root: string): Storage {
  const base = resolve(root)
  const pathOf = (key: string) => join(base, ...key.split('/'))
  return {
    async put(key, data) {
      assertKey(key)
      const path = pathOf(key)
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
      // A delete in the same folder may remove it, empty, between the mkdir and the write: again then.
      for (let attempt = 1; ; attempt += 1) {
        await mkdir(dirname(path), { recursive: true })
        try {
          await writeFile(temporary, data)
          await rename(temporary, path)
          return
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error
        }
      }
    },
    async get(key) {
      if (!isValidKey(key)) return null
      const path = pathOf(key)
      try {
        const info = await stat(path)
        if (!info.isFile()) return null
        return { size: info.size, open: () => createReadStream(path) }
      } catch {
        return null
      }
    },
    async exists(key) {
      if (!isValidKey(key)) return false
      return stat(pathOf(key)).then(
        (info) => info.isFile(),
        () => false,
      )
    },
    async delete(key) {
      assertKey(key)
      await rm(pathOf(key), { force: true })
      // As in a bucket, a folder is only there while it holds something: each one left empty goes,
      // up to the root (a review's images leave no empty public/reviews/<id>/ behind).
      for (let folder = dirname(pathOf(key)); folder.startsWith(`${base}${sep}`); folder = dirname(folder)) {
        try {
          await rmdir(folder)
        } catch {
          break
        }
      }
    },
  }
}
