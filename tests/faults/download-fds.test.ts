import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient, type ServerProcess, sleep, startServer } from '#tests/support/server-process.ts'

/** Sockets of keep-alive connections and the like; a leak of one descriptor per request is far more. */
const FD_SLACK = 10

describe('HEAD on a zip download (real server process)', () => {
  let server: ServerProcess
  let member: HttpClient
  let id = 0

  beforeAll(async () => {
    // Not about the first start: a copy of the prepared data folder (server-process.ts).
    server = await startServer({ prepared: true })
    member = new HttpClient(server.baseUrl)
    await member.signIn('head-sender')
    const { challenges } = await member.json<{ challenges: { id: number }[] }>('/api/challenges')
    id = challenges[0]?.id ?? 0
    const started = await member.send('POST', `/api/me/challenges/${id}/start`)
    expect(started.status).toBe(200)
    await started.arrayBuffer()
  })
  afterAll(async () => {
    await server?.destroy()
  })

  it('leaves no file descriptor open, 200 times over', async () => {
    // A first download warms up whatever the server opens once (the storage folder, a socket).
    const first = await member.request(`/api/me/challenges/${id}/download`)
    expect(first.status).toBe(200)
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(0)
    const before = server.openFds()
    for (let i = 0; i < 200; i++) {
      const response = await member.request(`/api/me/challenges/${id}/download`, { method: 'HEAD' })
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('application/zip')
      await response.arrayBuffer()
    }
    // The last descriptors close a moment after their answers end: wait for that, within bounds.
    const deadline = Date.now() + 5000
    while (server.openFds() - before > FD_SLACK && Date.now() < deadline) await sleep(50)
    expect(server.openFds() - before).toBeLessThanOrEqual(FD_SLACK)
    // And the download itself still works.
    const last = await member.request(`/api/me/challenges/${id}/download`)
    expect(last.status).toBe(200)
    expect((await last.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })
})
