import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attachmentDisposition } from '#server/http/content-disposition.ts'
import { createS3Storage, type S3Storage, S3StorageError } from '#server/storage/s3-storage.ts'
import type { StoredObject } from '#server/storage/storage.ts'
import { parseStorageUrl, type S3StorageConfig, signedUrlOrigin } from '#server/storage/storage-url.ts'
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '#tests/support/s3-server.ts'
import { freePort, sleep } from '#tests/support/server-process.ts'

/** Every byte of a stored object; a missing one fails the test. */
async function readAll(object: StoredObject | null): Promise<Buffer> {
  if (!object) throw new Error('the object is missing')
  return buffer(object.open())
}

const s3Config = (value: string) => parseStorageUrl(value) as S3StorageConfig

/** An HTTP server on 127.0.0.1 that answers as `handle` does (or never); closed with all its sockets. */
async function startStub(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const sockets = new Set<Socket>()
  const server = createServer(handle)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

describe('the S3 driver against a real S3-compatible server', () => {
  let s3: TestS3Server
  let storage: S3Storage

  beforeAll(async () => {
    s3 = await startS3Server(['dojo-test', 'other-bucket'])
    storage = createS3Storage(s3Config(s3.storageUrl()))
  })
  afterAll(async () => {
    storage?.close()
    await s3?.close()
  })

  it('hands out a signed address where the object can be read without credentials', async () => {
    await storage.put('public/signed/image.webp', new Uint8Array([1, 2, 3, 4]))
    const url = new URL(await storage.signedUrl('public/signed/image.webp', { expiresIn: 60 }))
    expect(url.origin).toBe(s3.endpoint)
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60')
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/webp')
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3, 4])
  })

  it('names a signed download, in the same header the app sends', async () => {
    await storage.put('zips/named.zip', new Uint8Array([80, 75]))
    const url = await storage.signedUrl('zips/named.zip', { expiresIn: 60, filename: 'Café Navbar.zip' })
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toBe(attachmentDisposition('Café Navbar.zip'))
    expect(response.headers.get('Content-Type')).toBe('application/zip')
    await response.arrayBuffer()
  })

  it('signs addresses that stop working when they expire', async () => {
    await storage.put('public/expiring.txt', new TextEncoder().encode('soon gone'))
    const url = await storage.signedUrl('public/expiring.txt', { expiresIn: 1 })
    await sleep(2100)
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
    expect(response.status).toBe(403)
    await response.arrayBuffer()
  })

  it('refuses to sign an invalid key', async () => {
    await expect(storage.signedUrl('../x', { expiresIn: 60 })).rejects.toThrow(/Invalid storage key/)
  })

  it('signs for the public endpoint browsers reach, when one is given', async () => {
    const behindProxy = createS3Storage(
      s3Config(`${s3.storageUrl()}&publicEndpoint=https://files.example.org`),
    )
    try {
      const url = new URL(await behindProxy.signedUrl('public/x.webp', { expiresIn: 60 }))
      expect(url.origin).toBe('https://files.example.org')
      expect(url.pathname).toBe('/dojo-test/public/x.webp')
    } finally {
      behindProxy.close()
    }
  })

  it('keeps every key under the prefix, apart from other prefixes', async () => {
    const prefixed = createS3Storage(s3Config(s3.storageUrl({ prefix: 'site-a/files' })))
    try {
      await prefixed.put('public/p.txt', new TextEncoder().encode('prefixed'))
      expect((await readAll(await storage.get('site-a/files/public/p.txt'))).toString()).toBe('prefixed')
      expect(await storage.exists('public/p.txt')).toBe(false)
      expect(new URL(await prefixed.signedUrl('public/p.txt', { expiresIn: 60 })).pathname).toBe(
        '/dojo-test/site-a/files/public/p.txt',
      )
    } finally {
      prefixed.close()
    }
  })

  it('finds its bucket at start, and says plainly when it cannot', async () => {
    await expect(storage.checkBucket()).resolves.toBeUndefined()
    const missing = createS3Storage(s3Config(s3.storageUrl({ bucket: 'no-such-bucket' })))
    await expect(missing.checkBucket()).rejects.toThrow(
      /The storage bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: the bucket does not exist\. Check STORAGE_URL/,
    )
    missing.close()
    // s3rver knows one access key (and does not check V4 signatures themselves): another key is refused.
    const wrongKey = createS3Storage({
      ...s3Config(s3.storageUrl()),
      credentials: { accessKeyId: 'NOBODY', secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey },
    })
    await expect(wrongKey.checkBucket()).rejects.toThrow(/cannot be used: access is denied/)
    // The other calls fail too; none passes for "missing".
    await expect(wrongKey.get('public/signed/image.webp')).rejects.toThrow()
    wrongKey.close()
  })

  it('says so at start when nothing listens at the endpoint', async () => {
    const port = await freePort()
    const nowhere = createS3Storage(
      s3Config(`s3://dojo-test?endpoint=http://127.0.0.1:${port}&accessKeyId=a&secretAccessKey=b`),
    )
    await expect(nowhere.checkBucket()).rejects.toThrow(/cannot be used: .*ECONNREFUSED/)
    nowhere.close()
  })

  it('signs addresses at the origin the Content-Security-Policy allows', async () => {
    const credentials = '&accessKeyId=a&secretAccessKey=b'
    for (const value of [
      `s3://dojo-test?endpoint=http://127.0.0.1:9000${credentials}`,
      `s3://dojo-test?endpoint=http://minio:9000&publicEndpoint=https://files.example.org${credentials}`,
      `s3://dojo-test?endpoint=https://store.example.org&forcePathStyle=false${credentials}`,
      `s3://dojo-test?region=eu-west-3${credentials}`,
      `s3://dojo-test?region=eu-west-3&forcePathStyle=true${credentials}`,
      `s3://files.example.org?region=us-east-1${credentials}`,
    ]) {
      const config = s3Config(value)
      const signing = createS3Storage(config)
      try {
        const url = new URL(await signing.signedUrl('public/a.webp', { expiresIn: 60 }))
        expect(url.origin, value).toBe(signedUrlOrigin(config))
      } finally {
        signing.close()
      }
    }
  })
})

describe('the S3 driver against a store that stops answering', () => {
  const timeouts = { connectMs: 1000, callMs: 800, putMs: 800, idleMs: 800 }
  const url = (endpoint: string) => `s3://dojo-test?endpoint=${endpoint}&accessKeyId=a&secretAccessKey=b`

  it('fails every call that gets no answer within its deadline', async () => {
    // Reads the request and never answers.
    const stub = await startStub((request) => request.resume())
    const storage = createS3Storage(s3Config(url(stub.endpoint)), { timeouts })
    try {
      const started = Date.now()
      await expect(storage.get('zips/a.zip')).rejects.toThrow(S3StorageError)
      await expect(storage.exists('zips/a.zip')).rejects.toThrow(
        /HEAD zips\/a\.zip .* took longer than 800 ms/,
      )
      await expect(storage.put('zips/a.zip', new Uint8Array([1]))).rejects.toThrow(/took longer than 800 ms/)
      await expect(storage.delete('zips/a.zip')).rejects.toThrow(/took longer than 800 ms/)
      await expect(storage.checkBucket()).rejects.toThrow(/cannot be used: .*took longer than 800 ms/)
      expect(Date.now() - started).toBeLessThan(15_000)
    } finally {
      storage.close()
      await stub.close()
    }
  })

  it('fails a download whose bytes stop coming, instead of hanging', async () => {
    // HEAD answers; GET sends its headers and 100 of the 1000 bytes, then nothing.
    const stub = await startStub((request, response) => {
      request.resume()
      response.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': '1000' })
      if (request.method === 'HEAD') response.end()
      else response.write(Buffer.alloc(100, 1))
    })
    const storage = createS3Storage(s3Config(url(stub.endpoint)), { timeouts })
    try {
      const object = await storage.get('zips/a.zip')
      expect(object?.size).toBe(1000)
      const started = Date.now()
      await expect(readAll(object)).rejects.toThrow(/timed out after 800 ms of inactivity/)
      expect(Date.now() - started).toBeLessThan(10_000)
    } finally {
      storage.close()
      await stub.close()
    }
  })
})
