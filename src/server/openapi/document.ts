import type { Env, Hono, Schema } from 'hono'
import { generateSpecs } from 'hono-openapi'
import { z } from 'zod'
import { MAX_BODY_BYTES } from '#server/http/body-limit.ts'
import {
  dropSafeIntegerBounds,
  error,
  type JsonSchema,
  type operationObject,
  type ResponseObject,
  retryAfter,
  TAGS,
  tidy,
} from '#server/openapi/operation.ts'
import { REQUEST_COMPONENTS, RESPONSE_COMPONENTS } from '#server/openapi/schemas.ts'

/**
 * The OpenAPI 3.1 description of the HTTP API (docs/product.md §7), served at /api/openapi.json, generated
 * from the app's routes as docs/decisions/017-openapi-from-the-routes.md says: each route carries its
 * operation (operation.ts), and this adds what every operation of a method answers, the components (the
 * shared zod schemas the answers are typed by, schemas.ts) and the document's head. openapi.test.ts holds
 * it to the app: every route the app registers is described and every described path is routed, and the
 * API tests check each answer they receive against the response documented for its method, path and status
 * (tests/support/openapi-check.ts).
 */

const OPENAPI_VERSION = '3.1.1'
/** The API's own version: bump it when an answer changes shape. */
const API_VERSION = '1.0.0'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What every operation of a method can answer besides its own responses (see app.ts's middleware). */
function methodResponses(method: Method): Record<number, ResponseObject> {
  const common: Record<number, ResponseObject> = {}
  if (method !== 'GET')
    common[413] = error(`The body is larger than ${MAX_BODY_BYTES / 1024} KB (code \`payload_too_large\`).`)
  common[500] = error('Something went wrong on our side (code `internal_error`).')
  common[503] = {
    ...error('The database is unavailable or the request took too long (code `unavailable`).'),
    headers: { 'Retry-After': retryAfter() },
  }
  return common
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

function componentSchemas(
  components: Record<string, z.ZodType>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    override: dropSafeIntegerBounds,
  })
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema as JsonSchema)]))
}

type OperationObject = ReturnType<typeof operationObject>

/** The document as generated: OpenAPI's own types are wider than what this API's routes describe. */
export type OpenApiDocument = {
  openapi: string
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, OperationObject>>
  components: {
    schemas: Record<string, JsonSchema>
    securitySchemes: {
      session: { type: 'apiKey'; in: 'cookie'; name: string; description: string }
    }
  }
}

let converted: Record<string, JsonSchema> | undefined

/** The components are the same for every server; converting the schemas once is enough. */
function allComponents(): Record<string, JsonSchema> {
  converted ??= {
    ...componentSchemas(RESPONSE_COMPONENTS, 'output'),
    ...componentSchemas(REQUEST_COMPONENTS, 'input'),
  }
  return converted
}

/**
 * The document of `app`: an operation for each route that carries one (describeOperation), at its path
 * with `{param}` where Hono writes `:param`. A route without one is left out, which openapi.test.ts refuses.
 */
export async function buildOpenApiDocument<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
  options: { brand: string; publicOrigin: string; sessionCookie: string },
): Promise<OpenApiDocument> {
  const head = {
    openapi: OPENAPI_VERSION,
    info: {
      title: `${options.brand} API`,
      version: API_VERSION,
      description:
        'The public catalogue, profiles and reviews, and the signed-in member’s own data. Answers are ' +
        'JSON; every error is `{ "error": { "code", "message" } }` with a sentence for people. Calls ' +
        'that change something must come from the site itself (an `Origin` header of this address) ' +
        'with a JSON body.',
    },
    servers: [{ url: options.publicOrigin }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
  }
  const components: OpenApiDocument['components'] = {
    schemas: allComponents(),
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: options.sessionCookie,
        description: 'The session cookie that signing in with GitHub sets (HttpOnly).',
      },
    },
  }
  const generated = await generateSpecs(app, {
    documentation: { ...head, components },
    // By default a path whose last segment has a dot is dropped as a static file: /api/openapi.json is not.
    excludeStaticFile: false,
    defaultOptions: Object.fromEntries(
      METHODS.map((method) => [method, { responses: methodResponses(method) }]),
    ),
  })
  // The paths before the components they refer to, as readers expect.
  return {
    ...head,
    paths: generated.paths as OpenApiDocument['paths'],
    components: generated.components as OpenApiDocument['components'],
  }
}
