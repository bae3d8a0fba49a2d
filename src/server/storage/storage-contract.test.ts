import { createHash, randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFsStorage } from '#server/storage/fs-storage.ts'
import { createS3Storage } from '#server/storage/s3-storage.ts'
import type { Storage, StoredObject } from '#server/storage/storage.ts'
import { parseStorageUrl, type S3StorageConfig } from '#server/storage/storage-url.ts'
import { temporaryDir } from '#tests/support/content-fixtures.ts'
import { startS3Server, type TestS3Server } from '#tests/support/s3-server.ts'
import { sleep } from '#tests/support/server-process.ts'

/** One driver under test: how to make it, and how to let go of everything it made. */
type Driver = { name: string; open(): Promise<{ storage: Storage; dispose(): Promise<void> }> }

let s3: TestS3Server | undefined

const drivers: Driver[] = [
  {
    name: 'the filesystem driver',
    async open() {
      const root = await temporaryDir('dojo-storage-')
      return { storage: createFsStorage(root), dispose: () => rm(root, { recursive: true, force: true }) }
    },
  },
  {
    name: 'the S3 driver (s3rver)',
    async open() {
      if (!s3) throw new Error('the S3 server is not running')
      const storage = createS3Storage(
        parseStorageUrl(s3.storageUrl({ prefix: 'contract' })) as S3StorageConfig,
      )
      await storage.checkBucket()
      return { storage, dispose: async () => storage.close() }
    },
  },
]

/** Every byte of a stored object; a missing one fails the test. */
async function readAll(object: StoredObject | null): Promise<Buffer> {
  if (!object) throw new Error('the object is missing')
  return buffer(object.open())
}

const openFds = () => readdirSync('/proc/self/fd').length
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.close()
})

describe.each(drivers)('the storage contract: $name', (driver) => {
  let storage: Storage
  let dispose = async () => {}

  beforeAll(async () => {
    ;({ storage, dispose } = await driver.open())
  })
  afterAll(async () => {
    await dispose()
  })

  it('gives back what was put, with its size, and says it exists', async () => {
    const data = new TextEncoder().encode('hello, storage')
    await storage.put('public/challenges/abc/desktop.webp', data)
    expect(await storage.exists('public/challenges/abc/desktop.webp')).toBe(true)
    const object = await storage.get('public/challenges/abc/desktop.webp')
    expect(object?.size).toBe(data.byteLength)
    expect(new Uint8Array(await readAll(object))).toEqual(data)
  })

  it('replaces an object put again under the same key', async () => {
    await storage.put('zips/replaced.zip', new Uint8Array([1, 2, 3]))
    await storage.put('zips/replaced.zip', new Uint8Array([4, 5]))
    const object = await storage.get('zips/replaced.zip')
    expect(object?.size).toBe(2)
    expect([...(await readAll(object))]).toEqual([4, 5])
  })

  it('answers null and false for a key with nothing under it', async () => {
    expect(await storage.get('public/nothing/here.webp')).toBeNull()
    expect(await storage.exists('public/nothing/here.webp')).toBe(false)
  })

  it('deletes an object, and deleting a missing one is no error', async () => {
    await storage.put('reviews/1/capture.png', new Uint8Array([9]))
    await storage.delete('reviews/1/capture.png')
    expect(await storage.get('reviews/1/capture.png')).toBeNull()
    expect(await storage.exists('reviews/1/capture.png')).toBe(false)
    await expect(storage.delete('reviews/1/capture.png')).resolves.toBeUndefined()
  })

  it.each([
    '../escape.txt',
    'public/../../etc/passwd',
    '/absolute.txt',
    'public//double.txt',
    'public/trailing/',
    '',
    'public/space here.txt',
    '.hidden',
  ])('refuses the key %j: writes throw, reads find nothing', async (key) => {
    await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/Invalid storage key/)
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/)
    expect(await storage.get(key)).toBeNull()
    expect(await storage.exists(key)).toBe(false)
  })

  it('keeps 8 MiB of random bytes exactly', async () => {
    const data = randomBytes(8 * 1024 * 1024)
    await storage.put('zips/large.zip', data)
    const object = await storage.get('zips/large.zip')
    expect(object?.size).toBe(data.byteLength)
    const read = await readAll(object)
    expect(read.byteLength).toBe(data.byteLength)
    expect(sha256(read)).toBe(sha256(data))
  })

  it('opens one object twice as two independent streams', async () => {
    await storage.put('public/twice.txt', new TextEncoder().encode('twice'))
    const object = await storage.get('public/twice.txt')
    if (!object) throw new Error('the object is missing')
    const [a, b] = await Promise.all([buffer(object.open()), buffer(object.open())])
    expect(a.toString()).toBe('twice')
    expect(b.toString()).toBe('twice')
  })

  it('holds nothing open for objects it found but never opened, or streams destroyed early', async () => {
    await storage.put('zips/leak.zip', randomBytes(2 * 1024 * 1024))
    // Warm-up: whatever a first request opens once (a connection pool's socket) is not a leak.
    await readAll(await storage.get('zips/leak.zip'))
    const before = openFds()
    for (let i = 0; i < 50; i++) expect(await storage.get('zips/leak.zip')).not.toBeNull()
    for (let i = 0; i < 20; i++) {
      const object = await storage.get('zips/leak.zip')
      const stream = object?.open()
      if (!stream) throw new Error('the object is missing')
      // Read one chunk of the 2 MiB, then give up, as a client that disconnects would.
      await new Promise<void>((resolve, reject) => {
        stream.once('data', () => resolve())
        stream.once('error', reject)
      })
      stream.destroy()
    }
    // Closing a socket is asynchronous: wait (bounded) for the count to settle.
    const deadline = Date.now() + 5000
    while (openFds() - before > 4 && Date.now() < deadline) await sleep(50)
    // A leak leaves 20 (a file or a socket per stream); a connection pool may keep a few idle ones.
    expect(openFds() - before).toBeLessThanOrEqual(4)
  })
})
