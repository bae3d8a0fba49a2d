import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { startS3Server, type TestS3Server } from '#tests/support/s3-server.ts'
import { HttpClient, type ServerProcess, startServer } from '#tests/support/server-process.ts'

/** STORAGE_URL at start (real server process): the catalogue goes to the bucket and comes back from it. */
describe('the server on an S3 bucket (real server process)', () => {
  let s3: TestS3Server
  let server: ServerProcess | undefined
  let contentEnv: Record<string, string>

  beforeAll(async () => {
    s3 = await startS3Server(['dojo-process'])
    // One small challenge: the first start imports it (into the bucket) in seconds.
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Process Bucket Navbar', date: '2026-10-01' })
    contentEnv = { CONTENT_DIR: contentDir, COMPETITIONS_DIR: await temporaryDir() }
  })
  afterAll(async () => {
    await server?.destroy()
    await s3?.close()
  })

  it('imports into the bucket at first start and serves images and downloads from it', async () => {
    server = await startServer({ env: { ...contentEnv, STORAGE_URL: s3.storageUrl({ prefix: 'p' }) } })
    const client = new HttpClient(server.baseUrl)
    const { challenges } = await client.json<{ challenges: { id: number; templateImg: string }[] }>(
      '/api/challenges',
    )
    const [challenge] = challenges
    if (!challenge) throw new Error('the catalogue is empty')
    const image = await client.request(challenge.templateImg)
    expect(image.status).toBe(200)
    expect(image.headers.get('Content-Type')).toBe('image/webp')
    const imageBytes = new Uint8Array(await image.arrayBuffer())
    expect(imageBytes.byteLength).toBe(Number(image.headers.get('Content-Length')))
    // The bytes are the bucket's: the data folder holds no storage/ of its own.
    const fromBucket = await fetch(
      `${s3.endpoint}/dojo-process/p/${challenge.templateImg.replace(/^\/files\//, 'public/')}`,
      { signal: AbortSignal.timeout(5000) },
    )
    expect(new Uint8Array(await fromBucket.arrayBuffer())).toEqual(imageBytes)

    await client.signIn('bucket-member')
    const zip = await client.request(`/api/me/challenges/${challenge.id}/download`)
    expect(zip.status).toBe(200)
    expect(zip.headers.get('Content-Type')).toBe('application/zip')
    expect((await zip.arrayBuffer()).byteLength).toBeGreaterThan(0)
    await server.destroy()
    server = undefined
  })

  it('redirects to the store with STORAGE_REDIRECT=1', async () => {
    server = await startServer({
      env: { ...contentEnv, STORAGE_URL: s3.storageUrl({ prefix: 'r' }), STORAGE_REDIRECT: '1' },
    })
    const client = new HttpClient(server.baseUrl)
    const { challenges } = await client.json<{ challenges: { templateImg: string }[] }>('/api/challenges')
    const path = challenges[0]?.templateImg ?? ''
    const redirect = await client.request(path)
    expect(redirect.status).toBe(302)
    await redirect.arrayBuffer()
    const location = redirect.headers.get('Location') ?? ''
    expect(location.startsWith(`${s3.endpoint}/dojo-process/r/public/`)).toBe(true)
    const signed = await fetch(location, { signal: AbortSignal.timeout(5000) })
    expect(signed.status).toBe(200)
    expect((await signed.arrayBuffer()).byteLength).toBeGreaterThan(0)
    await server.destroy()
    server = undefined
  })

  it('refuses to start on a bucket that does not exist, saying which and what to check', async () => {
    const error = await startServer({
      env: { ...contentEnv, STORAGE_URL: s3.storageUrl({ bucket: 'not-created' }) },
      readyTimeoutMs: 60_000,
    }).then(
      (started) => {
        server = started
        return null
      },
      (failure: Error) => failure,
    )
    expect(error?.message).toMatch(/the server exited \(code 1/)
    expect(error?.message).toMatch(
      /The storage bucket "not-created" at http:\/\/127\.0\.0\.1:\d+ cannot be used: the bucket does not exist\. Check STORAGE_URL/,
    )
    // The secret key given in STORAGE_URL is never printed.
    expect(error?.message).not.toContain('secretAccessKey=S3RVER')
  })
})
