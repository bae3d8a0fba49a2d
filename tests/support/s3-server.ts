import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

/** s3rver's only credentials: it checks every request's signature against them. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export type TestS3Server = {
  endpoint: string
  bucket: string
  /** STORAGE_URL for the bucket, with the credentials; `prefix` puts every key under a folder. */
  storageUrl(options?: { prefix?: string; bucket?: string }): string
  close(): Promise<void>
}

/**
 * A real S3-compatible server (s3rver, from npm) on 127.0.0.1 and a free port, keeping objects in a
 * temporary folder, with the given buckets created empty.
 */
export async function startS3Server(buckets: string[] = ['dojo-test']): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'dojo-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const [bucket = 'dojo-test'] = buckets
  return {
    endpoint,
    bucket,
    storageUrl(options = {}) {
      const query = new URLSearchParams({
        endpoint,
        region: 'us-east-1',
        accessKeyId: S3_TEST_CREDENTIALS.accessKeyId,
        secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
      })
      return `s3://${options.bucket ?? bucket}${options.prefix ? `/${options.prefix}` : ''}?${query}`
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
