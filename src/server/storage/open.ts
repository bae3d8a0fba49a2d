import { join } from 'node:path'
import { createFsStorage } from '#server/storage/fs-storage.ts'
import type { Storage } from '#server/storage/storage.ts'
import type { StorageConfig } from '#server/storage/storage-url.ts'

/**
 * The storage STORAGE_URL names: a folder (by default `storage/` in the data folder) or an S3 bucket.
 * A bucket is asked for once here, so a wrong name or credentials stop the server at start with a
 * sentence, not at the first upload.
 */
export async function openStorage(config: StorageConfig, dataDir: string): Promise<Storage> {
  if (config.kind === 'fs') return createFsStorage(config.root ?? join(dataDir, 'storage'))
  // The AWS SDK is loaded only for a bucket: it is 25 MB of memory a server on a folder never uses.
  const { createS3Storage } = await import('#server/storage/s3-storage.ts')
  const storage = createS3Storage(config)
  try {
    await storage.checkBucket()
  } catch (error) {
    storage.close()
    throw error
  }
  return storage
}
