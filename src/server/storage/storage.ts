import type { Readable } from 'node:stream'

export type StoredObject = {
  size: number
  /**
   * Opens a stream of the bytes; the caller must consume or destroy it. Opening on demand means a
   * HEAD request or an early return never holds a file (or a connection) open.
   */
  open(): Readable
}

/**
 * Where challenge zips and design images live. Keys are '/'-separated paths such as
 * `public/challenges/Foo/desktop.1a2b3c4d.webp`. The filesystem driver keeps them under the data
 * directory; an S3-compatible driver implements the same four calls.
 */
export interface Storage {
  put(key: string, data: Uint8Array): Promise<void>
  get(key: string): Promise<StoredObject | null>
  exists(key: string): Promise<boolean>
  delete(key: string): Promise<void>
}

const KEY_PATTERN = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\-/]*$/

/** Keys come from our importer, but requests also name them: never let one escape the root. */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('//') && !key.endsWith('/')
}
