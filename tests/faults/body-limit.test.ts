import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient, type ServerProcess, startServer } from '#tests/support/server-process.ts'

const TWENTY_MB = 20 * 1024 * 1024
const MB = 1024 * 1024

/**
 * Sends `totalBytes` of a JSON document to the server, with a Content-Length or chunked, and stops
 * writing as soon as the answer arrives (a server that refuses early may close the connection).
 */
function sendLargeJson(
  url: string,
  options: { cookie: string; origin: string; totalBytes: number; chunked: boolean },
): Promise<{ status: number; body: string }> {
  const head = Buffer.from('{"name":"')
  const tail = Buffer.from('","bio":"","linkedinUrl":"","githubUrl":""}')
  const chunk = Buffer.alloc(64 * 1024, 'a')
  return new Promise((resolve, reject) => {
    let answered = false
    const headers: Record<string, string> = {
      Cookie: options.cookie,
      Origin: options.origin,
      'Content-Type': 'application/json',
    }
    if (!options.chunked) headers['Content-Length'] = String(options.totalBytes)
    const req = httpRequest(url, { method: 'PATCH', headers, signal: AbortSignal.timeout(60_000) }, (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (text: string) => {
        body += text
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      res.on('error', reject)
    })
    // Once answered, a write that fails because the server closed the connection is expected.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    let sent = 0
    const write = () => {
      if (sent === 0) {
        sent += head.length
        req.write(head)
      }
      while (!answered && sent < options.totalBytes - tail.length) {
        const piece = chunk.subarray(0, Math.min(chunk.length, options.totalBytes - tail.length - sent))
        sent += piece.length
        if (!req.write(piece)) return void req.once('drain', write)
      }
      if (!answered) req.end(tail)
    }
    write()
  })
}

describe('a 20 MB request body (real server process)', () => {
  let server: ServerProcess
  let member: HttpClient

  beforeAll(async () => {
    // Not about the first start: a copy of the prepared data folder (server-process.ts).
    server = await startServer({ prepared: true })
    member = new HttpClient(server.baseUrl)
    await member.signIn('big-sender')
  })
  afterAll(async () => {
    await server?.destroy()
  })

  const expectHealthy = async () => {
    const health = await member.request('/api/health', { timeoutMs: 8000 })
    expect(health.status).toBe(200)
    await health.arrayBuffer()
  }

  it.each([
    ['with a Content-Length', false],
    ['chunked, with no Content-Length', true],
  ])('is refused with 413 %s, without the server growing', async (_, chunked) => {
    const rssBefore = server.rssBytes()
    const answer = await sendLargeJson(`${server.baseUrl}/api/me/profile`, {
      cookie: member.cookieHeader(),
      origin: server.baseUrl,
      totalBytes: TWENTY_MB,
      chunked,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body).error.code).toBe('payload_too_large')
    await expectHealthy()
    const grownMb = (server.rssBytes() - rssBefore) / MB
    expect(grownMb).toBeLessThan(50)
    // The profile is untouched.
    const profile = await member.json<{ profile: { name: string | null } }>('/api/me/profile')
    expect(profile.profile.name).not.toMatch(/^a{1000}/)
  })
})
