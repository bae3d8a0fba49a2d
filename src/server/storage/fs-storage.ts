import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { isValidKey, type Storage } from '#server/storage/storage.ts'

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

/** Storage in a local folder. Writes go to a temporary file first, so readers never see half a file. */
export function createFsStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, ...key.split('/'))
  return {
    async put(key, data) {
      assertKey(key)
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
      await writeFile(temporary, data)
      await rename(temporary, path)
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
    },
  }
}
