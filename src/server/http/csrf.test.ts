import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { sameOriginJson } from '#server/http/csrf.ts'
import { HttpError } from '#server/http/errors.ts'

const ORIGIN = 'https://practice.example'

function app(brandName: string) {
  return new Hono()
    .onError((error, c) =>
      error instanceof HttpError
        ? c.json({ error: { code: error.code, message: error.message } }, error.status)
        : c.json({ error: { code: 'internal', message: String(error) } }, 500),
    )
    .use(sameOriginJson(ORIGIN, brandName))
    .post('/change', (c) => c.json({ changed: true }))
    .get('/read', (c) => c.json({ read: true }))
}

const post = (brandName: string, headers: Record<string, string>) =>
  app(brandName).request(`${ORIGIN}/change`, { method: 'POST', headers, body: '{}' })

describe('sameOriginJson', () => {
  it('refuses another origin with a sentence that names the configured brand', async () => {
    const response = await post('Acme Practice', {
      Origin: 'https://evil.example',
      'Content-Type': 'application/json',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      error: {
        code: 'forbidden_origin',
        message: 'This request must come from the Acme Practice site itself.',
      },
    })
  })

  it('lets its own origin change things with JSON, and refuses another body type', async () => {
    const json = await post('Acme Practice', { Origin: ORIGIN, 'Content-Type': 'application/json' })
    expect(json.status).toBe(200)
    const form = await post('Acme Practice', { Origin: ORIGIN, 'Content-Type': 'text/plain' })
    expect(form.status).toBe(415)
  })

  it('takes Sec-Fetch-Site when the browser sends no Origin, and lets reads through', async () => {
    const sameSite = await post('Acme Practice', {
      'Sec-Fetch-Site': 'same-site',
      'Content-Type': 'application/json',
    })
    expect(sameSite.status).toBe(403)
    const sameOrigin = await post('Acme Practice', {
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/json',
    })
    expect(sameOrigin.status).toBe(200)
    expect((await app('Acme Practice').request(`${ORIGIN}/read`)).status).toBe(200)
  })
})
