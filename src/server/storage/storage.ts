import type { Readable } from 'node:stream'

export type StoredObject = {
  size: number
  /**
   * Opens a stream of the bytes; the caller must consume or destroy it. Opening on demand means a
   * HEAD request or an early return never holds a file (or a connection) open.
   */
  open(): Readable
}

export type SignedUrlOptions = {
  /** Seconds the address stays valid. */
  expiresIn: number
  /** Sent as an attachment under this name (Content-Disposition), as a download. */
  filename?: string
}

/**
 * Where challenge zips and design images live. Keys are '/'-separated paths such as
 * `public/challenges/Foo/desktop.1a2b3c4d.webp`. The filesystem driver keeps them under the data
 * directory; the S3 driver (s3-storage.ts) keeps them in a bucket.
 */
export interface Storage {
  put(key: string, data: Uint8Array): Promise<void>
  get(key: string): Promise<StoredObject | null>
  exists(key: string): Promise<boolean>
  delete(key: string): Promise<void>
  /**
   * A short-lived address where anyone holding it can read the object, so the store serves the bytes
   * instead of this server (STORAGE_REDIRECT). Only drivers whose store has such addresses have it.
   */
  signedUrl?(key: string, options: SignedUrlOptions): Promise<string>
  /** Lets go of connections; the storage is not used after. */
  close?(): void
}

/**
 * The store did not answer as it should (unreachable, too slow, refusing our keys): the request that
 * needed it gets a 503, as when the database is away, not a 500.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError'
}

const KEY_PATTERN = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\-/]*$/

/** Keys come from our importer, but requests also name them: never let one escape the root. */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('//') && !key.endsWith('/')
}
