import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { type Admins, noAdmins } from '#server/auth/admins.ts'
import { type AuthVariables, requireUser } from '#server/auth/guards.ts'
import { findChallengeById } from '#server/catalogue/challenge-rows.ts'
import type { Database } from '#server/db/client.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import { HttpError, notFound, parseInput, readJsonBody } from '#server/http/errors.ts'
import { challengeIdParams } from '#server/http/params.ts'
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
 */
export function solutionRoutes(
  db: Database,
  guard: { csrf: MiddlewareHandler; limit: MiddlewareHandler },
  events: EventEmitter,
  admins: Admins = noAdmins,
) {
  const isAdmin = (user: { username: string } | null | undefined) =>
    user ? admins.has(user.username) : false
  return new Hono<{ Variables: AuthVariables }>()
    .get('/solutions', async (c) => {
      const query = parseInput(galleryQuery, c.req.query())
      c.header('Cache-Control', GALLERY_CACHE)
      return c.json((await readGallery(db, query)) satisfies GalleryResponse)
    })
    .get('/challenges/:id/solutions', async (c) => {
      const { id } = parseInput(challengeIdParams, c.req.param())
      const query = parseInput(challengeGalleryQuery, c.req.query())
      await findChallengeById(db, id)
      c.header('Cache-Control', GALLERY_CACHE)
      return c.json((await readGallery(db, { ...query, challengeId: id })) satisfies GalleryResponse)
    })
    .get('/solutions/:id', async (c) => {
      const { id } = parseInput(solutionIdParams, c.req.param())
      const readerId = c.get('user')?.id ?? null
      const admin = isAdmin(c.get('user'))
      const solution = await readSolution(db, id, readerId, admin)
      if (!solution) throw notFound(NO_SUCH_SOLUTION)
      // The owner's view holds reviews that have not passed: theirs only; an admin's, a hidden one.
      const owner = readerId !== null && c.get('user')?.username === solution.member.username
      c.header('Cache-Control', owner || (admin && !solution.listed) ? 'private, no-store' : 'no-cache')
      return c.json({ solution } satisfies SolutionResponse)
    })
    .patch('/solutions/:id', requireUser, guard.csrf, guard.limit, async (c) => {
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
    })
}
