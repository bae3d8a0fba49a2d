import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '#server/http/body-limit.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, ORIGIN, signIn, type TestBrowser } from '#tests/support/auth.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts'

const TWENTY_MB = 20 * 1024 * 1024

describe('the request body limit', () => {
  let database: TestDatabase
  let t: Awaited<ReturnType<typeof createTestApp>>
  let b: TestBrowser

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    t = await createTestApp(database)
    b = browser(t.app)
    await signIn(b, { login: 'big-sender' })
  })
  afterAll(async () => {
    await database?.drop()
  })

  const patchProfile = (body: BodyInit, headers: Record<string, string> = {}) =>
    b.request('/api/me/profile', {
      method: 'PATCH',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit)

  it('answers 413 to a declared 20 MB body without reading it', async () => {
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled * 64 * 1024 >= TWENTY_MB) return controller.close()
        pulled += 1
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
    const response = await patchProfile(body, { 'Content-Length': String(TWENTY_MB) })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large: send at most 32 KB.' },
    })
    // At most what the stream pre-fills on creation: nothing was buffered.
    expect(pulled).toBeLessThanOrEqual(1)
  })

  it('answers 413 to a streamed body once it passes the limit, and keeps answering', async () => {
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= TWENTY_MB) return controller.close()
        sent += 64 * 1024
        controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)))
      },
    })
    const response = await patchProfile(body)
    expect(response.status).toBe(413)
    expect((await response.json()).error.code).toBe('payload_too_large')
    expect(sent).toBeLessThan(1024 * 1024)
    const profile = await b.get('/api/me/profile')
    expect(profile.status).toBe(200)
    expect((await profile.json()).profile.name).toBe('Big Sender')
  })

  it('accepts a body at the limit', async () => {
    const filler = ' '.repeat(MAX_BODY_BYTES - 100)
    const json = `{"name":"Big Sender","bio":"",${filler}"linkedinUrl":"","githubUrl":""}`
    expect(new TextEncoder().encode(json).length).toBeLessThanOrEqual(MAX_BODY_BYTES)
    expect((await patchProfile(json)).status).toBe(200)
  })

  it('limits the sign-in forms too', async () => {
    const response = await t.app.request('/github-emulator/login/oauth/access_token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `code=${'a'.repeat(MAX_BODY_BYTES + 1)}`,
    })
    expect(response.status).toBe(413)
  })
})
