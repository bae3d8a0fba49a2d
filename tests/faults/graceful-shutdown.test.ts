import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient, type ServerProcess, sleep, startServer } from '#tests/support/server-process.ts'

/**
 * On SIGTERM the server stops accepting connections, finishes the requests in flight, closes
 * the database and exits 0 (the job release is covered in queue.test.ts and review/service.test.ts).
 */
describe('graceful shutdown of the real server process (PGlite)', () => {
  let server: ServerProcess
  let member: HttpClient

  beforeAll(async () => {
    // Not about the first start: a copy of the prepared data folder (server-process.ts).
    server = await startServer({ env: { LOG_LEVEL: 'info' }, prepared: true })
    member = new HttpClient(server.baseUrl)
    await member.signIn('graceful-member')
  })
  afterAll(async () => {
    await server?.destroy()
  })

  it('finishes a request in flight after SIGTERM, refuses new ones, then exits 0', async () => {
    const { port } = new URL(server.baseUrl)
    const body = JSON.stringify({
      name: '',
      bio: 'Saved while the server was stopping',
      linkedinUrl: '',
      githubUrl: '',
    })
    // A profile update whose body arrives in two parts: in flight when the signal comes.
    const answer = new Promise<{ status: number; connection: string | undefined; text: string }>(
      (resolve, reject) => {
        const req = request({
          host: '127.0.0.1',
          port: Number(port),
          method: 'PATCH',
          path: '/api/me/profile',
          headers: {
            Cookie: member.cookieHeader(),
            Origin: server.baseUrl,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        })
        req.on('response', (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }),
          )
        })
        req.on('error', reject)
        req.write(body.slice(0, 10))
        setTimeout(() => {
          process.kill(server.pid, 'SIGTERM')
          // New connections are refused at once, while the update is still waiting for its body.
          void refusedWithin(server.baseUrl, 2000).then((refused) => {
            expect(refused).toBe(true)
            req.end(body.slice(10))
          }, reject)
        }, 300)
      },
    )
    const finished = await answer
    expect(finished.status).toBe(200)
    expect(finished.connection).toBe('close')
    expect(JSON.parse(finished.text)).toMatchObject({
      profile: { bio: 'Saved while the server was stopping' },
    })

    expect(await server.waitForExit(15_000)).toBe(true)
    expect(server.exitCode()).toBe(0)
    expect(server.output()).toMatch(/INFO stopped signal="SIGTERM" requestsDrained=true/)
  })

  it('kept the update: a new process on the same data folder has it', async () => {
    server = await startServer({ dataDir: server.dataDir, readyTimeoutMs: 60_000 })
    const restarted = new HttpClient(server.baseUrl)
    for (const [name, value] of member.cookies) restarted.cookies.set(name, value)
    const { profile } = await restarted.json<{ profile: { bio: string } }>('/api/me/profile')
    expect(profile.bio).toBe('Saved while the server was stopping')
  })
})

/** True once a new connection to `baseUrl` is refused, polling for at most `ms`. */
async function refusedWithin(baseUrl: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, {
        signal: AbortSignal.timeout(500),
        headers: { Connection: 'close' },
      })
      await response.arrayBuffer()
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code
      if (code === 'ECONNREFUSED') return true
    }
    await sleep(50)
  }
  return false
}
