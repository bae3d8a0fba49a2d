import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '#server/app.ts'
import { errorBody } from '#server/http/errors.ts'
import { buildOpenApiDocument, type OpenApiDocument } from '#server/openapi/document.ts'
import { createTestApp } from '#tests/support/app.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { type DocumentCheck, documentCheck } from '#tests/support/openapi-check.ts'

/**
 * Routes the app registers that the document leaves out, each for a reason. Everything else the app
 * routes must be documented, and everything documented must be routed.
 */
const NOT_DOCUMENTED: { method: string; path: RegExp; reason: string }[] = [
  { method: 'GET', path: /^\/\*$/, reason: 'the web app: its pages, files and the index.html fallback' },
  {
    method: 'GET',
    path: /^\/files\/\*$/,
    reason:
      'stored files (design images, review captures) by content-addressed key: their URLs come in API ' +
      'answers, and a key has slashes, which an OpenAPI path parameter cannot hold',
  },
  {
    method: '*',
    path: /^\/github-emulator\//,
    reason: 'a stand-in for github.com, there only without a GitHub OAuth app outside production',
  },
]

/** `METHOD /path/{param}` for each route the app registers, middleware and catch-all 404s aside. */
function appOperations(app: App): string[] {
  const operations = new Set<string>()
  for (const route of app.routes) {
    if (route.method === 'ALL') {
      // `.use()` middleware takes (c, next); `.all('*')` is the API's 404 for everything unrouted.
      const middleware = route.handler.length >= 2
      const catchAll = route.path.endsWith('*')
      if (middleware || catchAll) continue
      throw new Error(`${route.path} answers every method: document its methods or route them one by one`)
    }
    if (
      NOT_DOCUMENTED.some((rule) => rule.path.test(route.path) && [route.method, '*'].includes(rule.method))
    )
      continue
    // Hono's `:param` (with an optional `{pattern}`) is OpenAPI's `{param}`.
    const path = route.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')
    operations.add(`${route.method} ${path}`)
  }
  return [...operations].sort()
}

function documentedOperations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort()
}

/** Every `$ref` in the document, to check that each names a component that exists. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found)
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child)
      else refsIn(child, found)
    }
  }
  return found
}

/**
 * The document of a test app's routes, and the checks the API tests hold answers to. The routes describe
 * themselves without reading the database: PGlite is enough.
 */
let document: OpenApiDocument
let check: DocumentCheck
let describedDatabase: TestDatabase | undefined

beforeAll(async () => {
  describedDatabase = await createTestDatabase('pglite')
  const { app } = await createTestApp(describedDatabase)
  document = await buildOpenApiDocument(app, {
    brand: 'Frontend Dojo',
    publicOrigin: 'https://dojo.example',
    sessionCookie: '__Host-dojo_session',
  })
  check = await documentCheck(app)
})
afterAll(async () => {
  await describedDatabase?.drop()
})

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(document.openapi).toMatch(/^3\.1\./)
  })

  it('names its server, its title and the session cookie', () => {
    expect(document.info.title).toBe('Frontend Dojo API')
    expect(document.servers).toEqual([{ url: 'https://dojo.example' }])
    expect(document.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-dojo_session',
    })
  })

  it('refers only to schemas it defines', () => {
    const refs = [...new Set(refsIn(document))]
    expect(refs.length).toBeGreaterThan(20)
    const missing = refs.filter((ref) => {
      const name = ref.replace('#/components/schemas/', '')
      return ref === name || !(name in document.components.schemas)
    })
    expect(missing).toEqual([])
  })

  it('describes every operation with a tag, an answer for each status and errors as the error body', () => {
    const tags = new Set(document.tags.map((tag) => tag.name))
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const label = `${method.toUpperCase()} ${path}`
        expect(
          operation.tags.every((tag) => tags.has(tag)),
          label,
        ).toBe(true)
        for (const [status, response] of Object.entries(operation.responses)) {
          // Health's 503 is its own answer, which monitors read.
          if (Number(status) < 400 || (path === '/api/health' && status === '503')) continue
          expect(response.content?.['application/json']?.schema, `${label} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          })
        }
        // Member calls say how they are authorised, and that they answer 401 without it (an empty
        // requirement in the list means the call works without the cookie too).
        const signInRequired =
          operation.security !== undefined &&
          !operation.security.some((requirement) => Object.keys(requirement).length === 0)
        if (signInRequired) expect(operation.responses['401'], label).toBeDefined()
      }
    }
  })

  it('names each operation once, and describes each path parameter from the schema its route parses', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    )
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
    for (const [path, item] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
      for (const [method, operation] of Object.entries(item)) {
        // A route that names no `params` gets the generator's stand-in: a bare string, with no description.
        const described = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' && parameter.description)
          .map((parameter) => parameter.name)
        expect(described, `${method.toUpperCase()} ${path}`).toEqual(names)
      }
    }
  })

  it('documents path parameters as required strings with the pattern the route checks', () => {
    const parameters = document.paths['/api/challenges/{id}']?.get?.parameters
    expect(parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
      }),
    ])
    // A review's id is its public UUID (docs/product.md §10), never the internal number.
    const reviewId = document.paths['/api/reviews/{id}']?.get?.parameters?.[0]
    expect(reviewId).toMatchObject({ name: 'id', in: 'path', required: true, schema: { type: 'string' } })
    const pattern = new RegExp((reviewId?.schema as { pattern?: string } | undefined)?.pattern ?? '')
    expect(pattern.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true)
    // The route takes any case, and so does the documented pattern.
    expect(pattern.test('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true)
    expect(pattern.test('1')).toBe(false)
    // A username the route turns into "nobody" is still a string to the reader, not string-or-null.
    const username = document.paths['/api/users/{username}']?.get?.parameters?.[0]
    expect(username?.schema).toMatchObject({ type: 'string' })
    expect(username?.schema).not.toHaveProperty('anyOf')
  })
})

describe('holding answers to the document', () => {
  const config = {
    brandName: 'Dojo',
    supportEmail: 'help@dojo.example',
    social: [],
    classrooms: 'open' as const,
  }

  it('finds the documented path of a request, a literal segment before a parameter', () => {
    expect(check.matchPath('/api/challenges/count')?.template).toBe('/api/challenges/count')
    expect(check.matchPath('/api/challenges/7')?.template).toBe('/api/challenges/{id}')
    expect(check.matchPath('/api/users/ada/badge.svg')?.template).toBe('/api/users/{username}/badge.svg')
    expect(check.matchPath('/api/challenges/7/')).toBeUndefined()
    expect(check.matchPath('/api/nothing')).toBeUndefined()
  })

  it('accepts a documented answer', async () => {
    await expect(check.checkResponse('GET', '/api/config', Response.json(config))).resolves.toBeUndefined()
    await expect(
      check.checkResponse(
        'GET',
        '/api/challenges/x',
        Response.json(errorBody('bad_request', 'id: no'), { status: 400 }),
      ),
    ).resolves.toBeUndefined()
  })

  it('refuses a body that does not match the schema, or has a property the schema lacks', async () => {
    await expect(
      check.checkResponse('GET', '/api/config', Response.json({ ...config, brandName: 7 })),
    ).rejects.toThrow(/GET \/api\/config answered 200: the body does not match.*brandName must be string/)
    await expect(
      check.checkResponse('GET', '/api/config', Response.json({ ...config, secret: 'x' })),
    ).rejects.toThrow(/must NOT have additional properties/)
  })

  it('refuses a status the document does not list, and another media type', async () => {
    await expect(
      check.checkResponse('GET', '/api/config', Response.json(errorBody('teapot', 'No.'), { status: 418 })),
    ).rejects.toThrow(/418, a status the document does not list for GET \/api\/config/)
    await expect(
      check.checkResponse(
        'GET',
        '/api/config',
        new Response('hello', { headers: { 'Content-Type': 'text/plain' } }),
      ),
    ).rejects.toThrow(/with text\/plain/)
  })

  it('refuses a success from an operation the document does not describe, and an error of another shape', async () => {
    await expect(
      check.checkResponse('DELETE', '/api/config', new Response(null, { status: 204 })),
    ).rejects.toThrow(/describes no DELETE \/api\/config/)
    await expect(
      check.checkResponse('GET', '/api/nothing', Response.json({ message: 'not found' }, { status: 404 })),
    ).rejects.toThrow(/does not match/)
    await expect(
      check.checkResponse(
        'GET',
        '/api/nothing',
        Response.json(errorBody('not_found', 'No.'), { status: 404 }),
      ),
    ).resolves.toBeUndefined()
  })

  it('leaves the web app and stored files alone', async () => {
    await expect(check.checkResponse('GET', '/challenges', new Response('<html>'))).resolves.toBeUndefined()
    await expect(check.checkResponse('GET', '/files/a/b.png', new Response('x'))).resolves.toBeUndefined()
  })
})

describe.each(TEST_DATABASES)('the API description and its docs page on %s', (kind) => {
  let database: TestDatabase
  let app: App
  let publicOrigin: string
  let overHttp: Awaited<ReturnType<typeof createTestApp>>['overHttp']

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const t = await createTestApp(database)
    app = t.app
    overHttp = t.overHttp
    publicOrigin = t.env.publicOrigin
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('documents every route the app serves, and only those', async () => {
    const document = (await (await app.request('/api/openapi.json')).json()) as OpenApiDocument
    const served = appOperations(app)
    // A route without describeOperation is served but missing from the document: this fails, naming it.
    expect(served).toContain('GET /api/users/{username}/badge.svg')
    expect(served).toContain('POST /api/me/challenges/{id}/submit')
    expect(documentedOperations(document)).toEqual(served)
  })

  it('serves the document at /api/openapi.json, revalidated by its ETag', async () => {
    const response = await app.request('/api/openapi.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    const document = (await response.json()) as OpenApiDocument
    expect(document.servers).toEqual([{ url: publicOrigin }])
    expect(document.components.securitySchemes.session.name).toBe('dojo_session')
    expect((await new Validator().validate(document)).valid).toBe(true)

    const etag = response.headers.get('ETag') ?? ''
    const again = await app.request('/api/openapi.json', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })

  it('serves a docs page whose viewer loads from this server only, under the CSP', async () => {
    const page = await overHttp('/api/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/)
    const csp = page.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    const html = await page.text()
    expect(html).toContain('data-spec="/api/openapi.json"')
    // Scripts only by address, none inline; nothing from another origin.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '')
    expect(scripts.length).toBe(3)
    for (const attributes of scripts) expect(attributes).toMatch(/\ssrc="\/api\/docs\/[^"]+\.js"/)
    expect(html).not.toMatch(/<style|\sstyle=|https?:\/\//)

    const assets = [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((match) => match[1] ?? '')
    expect(assets).toEqual([
      expect.stringMatching(/^\/api\/docs\/theme\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/api\/docs\/swagger-ui\.[0-9a-f]{12}\.css$/),
      expect.stringMatching(/^\/api\/docs\/accessible\.[0-9a-f]{12}\.css$/),
      expect.stringMatching(/^\/api\/docs\/swagger-ui-bundle\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/api\/docs\/start\.[0-9a-f]{12}\.js$/),
    ])
    const [theme = '', css = '', accessible = '', bundle = '', start = ''] = assets
    // The way back to the site, and its theme before the first paint (a render-blocking file, not inline).
    expect(html).toContain('<a href="/">&larr; Back to Frontend Dojo</a>')
    expect(html).toMatch(/<script src="\/api\/docs\/theme\.[0-9a-f]{12}\.js"><\/script>/)
    const themeScript = await (await app.request(theme)).text()
    expect(themeScript).toContain("localStorage.getItem('theme')")
    expect(themeScript).toContain("classList.toggle('dark-mode', dark)")
    // Swagger UI's colours darkened to WCAG AA contrast (the browser test runs axe on the page).
    expect(await (await app.request(accessible)).text()).toContain(
      '.opblock-summary-method{background:#1d4ed8}',
    )
    const viewer = await app.request(bundle)
    expect(viewer.status).toBe(200)
    expect(viewer.headers.get('Content-Type')).toMatch(/^text\/javascript/)
    expect(viewer.headers.get('Cache-Control')).toContain('immutable')
    const source = await viewer.text()
    expect(source).toContain('SwaggerUIBundle')
    expect(source).not.toContain('sourceMappingURL')
    expect(await (await app.request(start)).text()).toContain('url: root.dataset.spec')
    const stylesheet = await app.request(css)
    expect(stylesheet.headers.get('Content-Type')).toMatch(/^text\/css/)
    // Offline: the stylesheet imports no fonts or other files from elsewhere.
    expect(await stylesheet.text()).not.toMatch(/@import|url\(\s*["']?https?:/)

    const etag = viewer.headers.get('ETag') ?? ''
    expect((await app.request(bundle, { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })

  it('answers 404 with the error body for a file the viewer does not have', async () => {
    const response = await app.request('/api/docs/swagger-ui-bundle.js')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(errorBody('not_found', 'There is no such file.'))
  })
})
