import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { type Admins, noAdmins } from '#server/auth/admins.ts'
import { type AuthVariables, requireUser } from '#server/auth/guards.ts'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import { findChallengeById } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import { HttpError, notFound, parseInput, readJsonBody } from '#server/http/errors.ts'
import { challengeIdParams } from '#server/http/params.ts'
import { describeOperation, error, json } from '#server/openapi/operation.ts'
import { editSolution, isListedSolution } from '#server/solutions/edit.ts'
import { readGallery, readSolution, solutionOwner } from '#server/solutions/read.ts'
import { MODERATOR_HIDDEN_SOLUTION } from '#shared/feedback.ts'
import {
  challengeGalleryQuery,
  type GalleryResponse,
  galleryQuery,
  type SolutionResponse,
  solutionUpdateSchema,
} from '#shared/solution.ts'

const SOLUTION_ID_MESSAGE = 'must be a solution id'

/** `:id` of a solution: its public id, a UUID (any case), as its links give it; else a 400. */
export const solutionIdParams = z.object({
  id: z
    .string(SOLUTION_ID_MESSAGE)
    .regex(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
      SOLUTION_ID_MESSAGE,
    )
    .describe('A solution’s public id: a UUID, as its links give it (any letter case).')
    .transform((id) => id.toLowerCase()),
})

export const NO_SUCH_SOLUTION = 'There is no such solution.'
export const NOT_YOUR_SOLUTION = 'Only the member who wrote this solution can change it.'

/** Galleries change with every passed review: revalidated, and briefly shared. */
const GALLERY_CACHE = 'public, max-age=10'

/**
 * Solutions (docs/product.md "Solutions"): one solution (public once a review passed and while it is not
 * hidden; its owner always sees it), the owner's edits, and the galleries of listed solutions.
 * `guard` is what every change under /api/me passes first: sign-in, same-origin JSON, the mutation limit.
 * `admins` may read a hidden solution (docs/product.md §12). `events` hears an owner's hiding or showing.
 * `catalogue`, when given, answers whether a challenge exists from memory, so a challenge's gallery
 * reads only its page (docs/decisions/018-galleries-at-scale.md).
 */
export function solutionRoutes(
  db: Database,
  guard: { csrf: MiddlewareHandler; limit: MiddlewareHandler },
  events: EventEmitter,
  admins: Admins = noAdmins,
  catalogue?: Pick<Catalogue, 'peek' | 'snapshot'>,
) {
  /**
   * A 404 for an unknown challenge. The catalogue in memory knows every challenge it was built with; one
   * it does not know (imported by another instance a moment ago, or none at all) is looked up.
   */
  const requireChallenge = async (id: number) => {
    const known = catalogue && (catalogue.peek() ?? (await catalogue.snapshot())).byId.has(id)
    if (!known) await findChallengeById(db, id)
  }
  const isAdmin = (user: { username: string } | null | undefined) =>
    user ? admins.has(user.username) : false
  return new Hono<{ Variables: AuthVariables }>()
    .get(
      '/solutions',
      describeOperation({
        operationId: 'listSolutions',
        summary: 'Every listed solution',
        description:
          'Solutions with a passed review that their members did not hide, by cursor: a page holds no card ' +
          'of an earlier one, however many solutions were listed since.',
        tag: 'Solutions',
        query: galleryQuery,
        responses: {
          200: json('A page of cards and the cursor of the next one.', 'GalleryResponse'),
          400: error('A query parameter is not valid (the message says which).'),
        },
      }),
      async (c) => {
        const query = parseInput(galleryQuery, c.req.query())
        c.header('Cache-Control', GALLERY_CACHE)
        return c.json((await readGallery(db, query)) satisfies GalleryResponse)
      },
    )
    .get(
      '/challenges/:id/solutions',
      describeOperation({
        operationId: 'listChallengeSolutions',
        summary: 'A challenge’s listed solutions',
        description: 'As /api/solutions, for one challenge.',
        tag: 'Solutions',
        params: challengeIdParams,
        query: challengeGalleryQuery,
        responses: {
          200: json('A page of cards and the cursor of the next one.', 'GalleryResponse'),
          400: error('The id or a query parameter is not valid (the message says which).'),
          404: error('There is no challenge with this id.'),
        },
      }),
      async (c) => {
        const { id } = parseInput(challengeIdParams, c.req.param())
        const query = parseInput(challengeGalleryQuery, c.req.query())
        await requireChallenge(id)
        c.header('Cache-Control', GALLERY_CACHE)
        return c.json((await readGallery(db, { ...query, challengeId: id })) satisfies GalleryResponse)
      },
    )
    .get(
      '/solutions/:id',
      describeOperation({
        operationId: 'getSolution',
        summary: 'A solution',
        description:
          'Public once one of its reviews passed and while it is not hidden, with its passed iterations; its ' +
          'member always sees it, with every iteration.',
        tag: 'Solutions',
        readsSession: true,
        params: solutionIdParams,
        responses: {
          200: json('The solution.', 'SolutionResponse'),
          400: error('The id is not a solution id (a UUID).'),
          404: error('There is no such solution, or it is not listed and not yours.'),
        },
      }),
      async (c) => {
        const { id } = parseInput(solutionIdParams, c.req.param())
        const readerId = c.get('user')?.id ?? null
        const admin = isAdmin(c.get('user'))
        const solution = await readSolution(db, id, readerId, admin)
        if (!solution) throw notFound(NO_SUCH_SOLUTION)
        // The owner's view holds reviews that have not passed: theirs only; an admin's, a hidden one.
        const owner = readerId !== null && c.get('user')?.username === solution.member.username
        c.header('Cache-Control', owner || (admin && !solution.listed) ? 'private, no-store' : 'no-cache')
        return c.json({ solution } satisfies SolutionResponse)
      },
    )
    .patch(
      '/solutions/:id',
      describeOperation({
        operationId: 'updateSolution',
        summary: 'Change a solution’s write-up, repository URL or visibility',
        description:
          'Its member only. Any of `writeUp` (Markdown, at most 5,000 characters), `repositoryUrl` and ' +
          '`hidden`; blank or null removes the first two; any other field is refused and nothing changes.',
        tag: 'Solutions',
        member: true,
        guarded: true,
        params: solutionIdParams,
        body: 'SolutionUpdate',
        responses: {
          200: json('The solution as stored.', 'SolutionResponse'),
          400: error('The id or the body is not valid (the message says why); nothing changed.'),
          403: error(
            'Not sent from this site itself (code `forbidden_origin`), another member’s listed solution, or `hidden: false` on a solution an admin hid (code `forbidden`).',
          ),
          404: error('There is no such solution, or it is not listed and not yours.'),
        },
      }),
      requireUser,
      guard.csrf,
      guard.limit,
      async (c) => {
        const { id } = parseInput(solutionIdParams, c.req.param())
        const user = c.get('user')
        if (!user) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
        const row = await solutionOwner(db, id)
        if (!row) throw notFound(NO_SUCH_SOLUTION)
        if (row.userId !== user.id) {
          // Someone else's: refused where anyone may see it, and not there at all where they may not.
          if (await isListedSolution(db, row.id)) throw new HttpError(403, 'forbidden', NOT_YOUR_SOLUTION)
          throw notFound(NO_SUCH_SOLUTION)
        }
        const update = parseInput(solutionUpdateSchema, await readJsonBody(c), { named: false })
        // An admin hid it (docs/product.md §12): its author cannot show it again.
        if (update.hidden === false && row.moderatorHiddenAt !== null)
          throw new HttpError(403, 'forbidden', MODERATOR_HIDDEN_SOLUTION)
        await editSolution(db, row.id, user.id, update, events)
        const solution = await readSolution(db, id, user.id, isAdmin(user))
        if (!solution) throw notFound(NO_SUCH_SOLUTION)
        return c.json({ solution } satisfies SolutionResponse)
      },
    )
}
