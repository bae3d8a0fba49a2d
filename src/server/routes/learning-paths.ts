import { Hono } from 'hono'
import { z } from 'zod'
import type { MemberVariables } from '#server/auth/guards.ts'
import type { Catalogue } from '#server/catalogue/catalogue.ts'
import type { Database } from '#server/db/client.ts'
import { notFound, parseInput } from '#server/http/errors.ts'
import { suggestNext } from '#server/learning-paths/next.ts'
import { type LearningPaths, toSummary } from '#server/learning-paths/paths.ts'
import {
  readChallengeProgress,
  readPathsProgress,
  readStartedPaths,
  startPath,
} from '#server/learning-paths/progress.ts'
import { describeOperation, error, json } from '#server/openapi/operation.ts'
import { PATH_SLUG } from '#shared/learning-paths.ts'

/** `:slug` of a path: its file's name (docs/content-format.md); anything else is a 400. */
export const pathSlugParams = z.object({
  slug: z
    .string()
    .max(80, 'must be at most 80 characters')
    .regex(PATH_SLUG, 'must be lower-case letters, digits and single hyphens'),
})

/** Paths are content: the same for everyone until the server starts again, briefly cached. */
const PATHS_CACHE = 'public, max-age=60'

/** GET /api/paths and /api/paths/:slug (public): the learning paths (docs/product.md §15). */
export function pathRoutes(paths: LearningPaths) {
  return new Hono()
    .get(
      '/',
      describeOperation({
        operationId: 'listPaths',
        summary: 'The learning paths',
        tag: 'Learning paths',
        responses: { 200: json('Every path, in the order the site lists them.', 'PathsResponse') },
      }),
      async (c) => {
        c.header('Cache-Control', PATHS_CACHE)
        return c.json({ paths: (await paths.list()).map(toSummary) })
      },
    )
    .get(
      '/:slug',
      describeOperation({
        operationId: 'getPath',
        summary: 'A learning path and its ordered steps',
        tag: 'Learning paths',
        params: pathSlugParams,
        responses: {
          200: json('The path, each step a challenge with what it teaches.', 'PathResponse'),
          400: error('The slug is not a path’s slug.'),
          404: error('There is no path with this slug.'),
        },
      }),
      async (c) => {
        const { slug } = parseInput(pathSlugParams, c.req.param())
        const path = await paths.get(slug)
        if (!path) throw notFound(`There is no learning path "${slug}".`)
        c.header('Cache-Control', PATHS_CACHE)
        return c.json({ path })
      },
    )
}

/**
 * The signed-in member on the paths: their progress, starting one, and the next challenge to do
 * (docs/product.md §15). Mounted under /me, behind requireUser and the mutation guards.
 */
export function mePathRoutes(deps: { db: Database; paths: LearningPaths; catalogue: Catalogue }) {
  const { db, paths } = deps
  const progressOf = async (userId: string, slug: string) => {
    const progress = (await readPathsProgress(db, userId, paths)).find((p) => p.slug === slug)
    if (!progress) throw notFound(`There is no learning path "${slug}".`)
    return progress
  }
  return new Hono<{ Variables: MemberVariables }>()
    .get(
      '/paths',
      describeOperation({
        operationId: 'listMyPaths',
        summary: 'The member’s progress on every path',
        tag: 'Learning paths',
        member: true,
        responses: {
          200: json(
            'Per path: started when, each step’s status, and the next step.',
            'PathsProgressResponse',
          ),
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store')
        return c.json({ paths: await readPathsProgress(db, c.get('user').id, paths) })
      },
    )
    .get(
      '/paths/:slug',
      describeOperation({
        operationId: 'getMyPath',
        summary: 'The member’s progress on one path',
        tag: 'Learning paths',
        member: true,
        params: pathSlugParams,
        responses: {
          200: json(
            'Started when, each step’s status, how many passed, and the next step.',
            'PathProgressResponse',
          ),
          400: error('The slug is not a path’s slug.'),
          404: error('There is no path with this slug.'),
        },
      }),
      async (c) => {
        const { slug } = parseInput(pathSlugParams, c.req.param())
        c.header('Cache-Control', 'no-store')
        return c.json({ progress: await progressOf(c.get('user').id, slug) })
      },
    )
    .post(
      '/paths/:slug/start',
      describeOperation({
        operationId: 'startPath',
        summary: 'Start a learning path',
        description:
          'The path’s next step becomes the dashboard’s suggestion. Starting again changes nothing: the first start’s time stays.',
        tag: 'Learning paths',
        member: true,
        guarded: true,
        params: pathSlugParams,
        responses: {
          200: json('The member’s progress on the path.', 'PathProgressResponse'),
          400: error('The slug is not a path’s slug.'),
          404: error('There is no path with this slug.'),
        },
      }),
      async (c) => {
        const { slug } = parseInput(pathSlugParams, c.req.param())
        const userId = c.get('user').id
        if (!(await paths.get(slug))) throw notFound(`There is no learning path "${slug}".`)
        await startPath(db, userId, slug)
        return c.json({ progress: await progressOf(userId, slug) })
      },
    )
    .get(
      '/next',
      describeOperation({
        operationId: 'getMyNextChallenge',
        summary: 'What to do next',
        description:
          'The next step of the path the member started last that has one left; else the easiest challenge not started in a ' +
          'category they worked in; else, for a member who started nothing, the first step of the first path. Each with why.',
        tag: 'Learning paths',
        member: true,
        responses: {
          200: json('The challenge and why, or null when none is left.', 'NextChallengeResponse'),
        },
      }),
      async (c) => {
        const userId = c.get('user').id
        const [list, snapshot, progress, started] = await Promise.all([
          paths.list(),
          deps.catalogue.snapshot(),
          readChallengeProgress(db, userId),
          readStartedPaths(db, userId),
        ])
        c.header('Cache-Control', 'no-store')
        return c.json({
          next: suggestNext({ paths: list, started, progress, challenges: snapshot.challenges }),
        })
      },
    )
}
