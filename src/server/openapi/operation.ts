import type { MiddlewareHandler } from 'hono'
import { describeRoute, uniqueSymbol } from 'hono-openapi'
import { z } from 'zod'
import type { RequestComponent, ResponseComponent } from '#server/openapi/schemas.ts'
import { GALLERY_MAX_LIMIT, GALLERY_PAGE_SIZE } from '#shared/solution.ts'

/**
 * What a route says of itself in the OpenAPI document (docs/decisions/017-openapi-from-the-routes.md):
 * each route carries its operation as `describeOperation({...})`, the first middleware of its chain, and
 * document.ts generates the document from the app's routes. Parameters come from the zod schemas the route
 * parses its input with; answers and bodies name the components of schemas.ts.
 */

export type JsonSchema = Record<string, unknown>

export type Header = { description: string; schema: JsonSchema }
export type ResponseObject = {
  description: string
  headers?: Record<string, Header>
  content?: Record<string, { schema: JsonSchema }>
}
export type ParameterObject = {
  name: string
  in: 'path' | 'query'
  required: boolean
  description?: string
  schema: JsonSchema
}

/** The document's tags, in the order the docs page shows them. */
export const TAGS = {
  Site: 'Health, configuration and this description.',
  'Sign-in': 'GitHub sign-in, the session and sign-out.',
  Challenges: 'The public catalogue. Answers carry an ETag and are cached briefly.',
  Competitions: 'Weekly competitions and their rankings.',
  Members: 'Public profiles, profile badges and the leaderboard.',
  Reviews: 'Review reports of submitted sites (public).',
  Solutions: 'Members’ solutions: one page each, the galleries, and the author’s edits.',
  'My account': 'The signed-in member: who they are, their profile, their dashboard.',
  'My challenges': 'The signed-in member’s journey on a challenge: start, submit, download, reviews.',
  Feedback: 'Comments, replies, helpful marks and likes on solutions; the "needs feedback" list.',
  Notifications: 'The signed-in member’s notifications and their unread count.',
  Moderation: 'Reports of abuse, and the admins’ actions on them, each kept in an audit log.',
  Classrooms:
    'Classrooms, their members, assignments and grades (docs/product.md §13); a 404 to anyone outside.',
  'Learning paths': 'Ordered challenges to follow, the member’s progress on them, and what to do next.',
} as const
export type Tag = keyof typeof TAGS

export type Operation = {
  operationId: string
  summary: string
  description?: string
  tag: Tag
  /** Behind requireUser: needs the session cookie, answers 401 without it. */
  member?: boolean
  /** Answers according to the session when there is one, and to visitors too. */
  readsSession?: boolean
  /**
   * State-changing calls under /api/me and /auth: the same-origin JSON check (403, 415) and the
   * per-member mutation limit (429) run first.
   */
  guarded?: boolean
  /** The route's path parameters, as it parses them. */
  params?: z.ZodObject
  /** The route's query, as it parses it. */
  query?: z.ZodObject
  body?: RequestComponent
  /** Its own answers; what every operation of its method answers is added by document.ts. */
  responses: Record<number, ResponseObject>
}

export const ref = (component: ResponseComponent | RequestComponent) => ({
  $ref: `#/components/schemas/${component}`,
})

export function json(description: string, component: ResponseComponent): ResponseObject {
  return { description, content: { 'application/json': { schema: ref(component) } } }
}

export function file(description: string, mediaType: string): ResponseObject {
  return { description, content: { [mediaType]: { schema: { type: 'string' } } } }
}

export function error(description: string): ResponseObject {
  return json(description, 'Error')
}

export function redirect(description: string): ResponseObject {
  return {
    description,
    headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
  }
}

export function retryAfter(): Header {
  return { description: 'Seconds to wait before trying again.', schema: { type: 'string' } }
}

export const NOT_MODIFIED: ResponseObject = {
  description: 'Not modified: the If-None-Match ETag is the current one. No body.',
}

const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  id: 'A positive whole number in canonical decimal (no leading zeros, at most 2147483647).',
  slug: 'The challenge title with spaces written as hyphens, as in /challenge/<slug>.',
  username: 'A member’s username (their GitHub login). One no member can have is simply not found.',
  category: 'Only challenges of this category.',
  ids: 'Only these challenges: comma-separated ids, at most 100.',
  status: 'Which of the member’s challenges: the ones in progress, or the completed ones.',
  period: 'This ISO week, this calendar month (both in UTC), or all time.',
  asset: 'A file of the docs viewer, as the docs page names it (the name includes its content hash).',
  sort: 'newest: the latest passed review first; score: the highest score first (then the newest); liked: the most liked first (then the newest).',
  cursor: 'The nextCursor of the previous page; absent for the first page.',
  limit: `Cards per page, 1 to ${GALLERY_MAX_LIMIT}; ${GALLERY_PAGE_SIZE} when absent.`,
  difficulty: 'Only challenges of this difficulty.',
}

/** Removes what JSON Schema puts in for its own use but OpenAPI's schema objects do not need. */
export function tidy(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema
  return rest
}

/** `z.number().int()` is written with JavaScript's safe-integer bounds, which say nothing to a reader. */
export const dropSafeIntegerBounds = (ctx: { jsonSchema: JsonSchema }) => {
  const schema = ctx.jsonSchema
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum
}

/** A parameter can be absent, never null: `usernameParams` turns a malformed name into null itself. */
function withoutNull(schema: JsonSchema): JsonSchema {
  const { anyOf, default: fallback, ...rest } = schema
  if (!Array.isArray(anyOf)) return schema
  const options = (anyOf as JsonSchema[]).filter((option) => option.type !== 'null')
  const only = options.length === 1 ? options[0] : undefined
  if (only) return { ...rest, ...only }
  return { ...rest, anyOf: options, ...(fallback === null ? {} : { default: fallback }) }
}

/** Converted once per schema: the same few schemas serve many routes, and every app describes them. */
const converted = new WeakMap<z.ZodObject, ParameterObject[]>()

function parameters(schema: z.ZodObject, where: 'path' | 'query'): ParameterObject[] {
  const known = converted.get(schema)
  if (known) return known
  const json = tidy(z.toJSONSchema(schema, { io: 'input', override: dropSafeIntegerBounds }) as JsonSchema)
  const required = new Set((json.required as string[] | undefined) ?? [])
  const list = Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(
    ([name, property]): ParameterObject => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      // A parameter's own description (a review's id is no challenge id) before the shared one of its name.
      ...(typeof property.description === 'string' || PARAMETER_DESCRIPTIONS[name]
        ? { description: (property.description as string | undefined) ?? PARAMETER_DESCRIPTIONS[name] }
        : {}),
      schema: withoutNull(property),
    }),
  )
  converted.set(schema, list)
  return list
}

/** What the operation answers besides its own responses, from the guards it passes (see app.ts). */
function guardResponses(operation: Operation): Record<number, ResponseObject> {
  const common: Record<number, ResponseObject> = {}
  if (operation.member) common[401] = error('Not signed in (code `unauthorized`).')
  if (operation.guarded) {
    common[403] = error('Not sent from this site itself (code `forbidden_origin`).')
    common[415] = error('The body is not declared as JSON (code `unsupported_media_type`).')
    common[429] = error('Too many changes in a minute (code `rate_limited`); try again shortly.')
  }
  return common
}

/** The OpenAPI operation object of `operation`, as the route describes it. */
export function operationObject(operation: Operation) {
  const params = [
    ...(operation.params ? parameters(operation.params, 'path') : []),
    ...(operation.query ? parameters(operation.query, 'query') : []),
  ]
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(operation.member ? { security: [{ session: [] }] } : {}),
    // `{}` in the list: the call works without the cookie too.
    ...(operation.readsSession ? { security: [{}, { session: [] }] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(operation.body) } },
          },
        }
      : {}),
    // The route's own answers override what its guards answer (its 403 says more, for one). Integer keys
    // keep their numeric order, as readers expect.
    responses: { ...guardResponses(operation), ...operation.responses } as Record<string, ResponseObject>,
  }
}

/**
 * The route's operation in the OpenAPI document: a middleware that only passes the request on, which
 * the document's generator finds on the route (`app.routes`). Put it first in the route's handlers.
 */
export function describeOperation(operation: Operation): MiddlewareHandler {
  const described = describeRoute(operationObject(operation) as Parameters<typeof describeRoute>[0])
  // describeRoute's middleware awaits next() in an async function of its own, a promise more on every
  // request of the route; the document is generated from its mark, which a plain pass-through carries as well.
  const passThrough: MiddlewareHandler = (_c, next) => next()
  const mark = (described as unknown as Record<typeof uniqueSymbol, unknown>)[uniqueSymbol]
  return Object.assign(passThrough, { [uniqueSymbol]: mark })
}
