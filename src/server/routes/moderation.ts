import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Store } from 'hono-rate-limiter'
import { z } from 'zod'
import type { Admins } from '#server/auth/admins.ts'
import { type AuthVariables, requireUser } from '#server/auth/guards.ts'
import type { Database } from '#server/db/client.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import { HttpError, parseInput, readJsonBody } from '#server/http/errors.ts'
import type { MemberLimitKey } from '#server/http/member-limit-key.ts'
import { usernameParams } from '#server/http/params.ts'
import {
  dismissReport,
  type Moderator,
  readAudit,
  setCommentHidden,
  setMemberSuspended,
  setSolutionHidden,
} from '#server/moderation/actions.ts'
import { needsFeedbackQuery, readNeedsFeedback } from '#server/moderation/needs-feedback.ts'
import { limitReports } from '#server/moderation/report-limit.ts'
import { fileReport, openReports } from '#server/moderation/reports.ts'
import { solutionIdParams } from '#server/routes/solutions.ts'
import {
  type AdminReportsResponse,
  type AuditResponse,
  moderationNoteSchema,
  type NeedsFeedbackResponse,
  NOT_AN_ADMIN,
  newReportSchema,
} from '#shared/feedback.ts'

export type ModerationDeps = {
  db: Database
  admins: Admins
  guard: { csrf: MiddlewareHandler; limit: MiddlewareHandler }
  rateLimitStore?: () => Store | undefined
  /** The key a member's quotas count under (http/member-limit-key.ts). */
  limitKeyOf: MemberLimitKey
  /** Told when a solution was hidden or restored: its member's public pages change. */
  events: EventEmitter
}

const uuidParam = (message: string) =>
  z
    .string(message)
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, message)
    .transform((id) => id.toLowerCase())

/** `:id` of a comment: its public id, a UUID (any case). */
export const moderatedCommentParams = z.object({
  id: uuidParam('must be a comment id').describe('A comment’s public id: a UUID (any letter case).'),
})
/** `:id` of a report: a UUID (any case). */
export const reportIdParams = z.object({
  id: uuidParam('must be a report id').describe('A report’s id: a UUID (any letter case).'),
})

/** Cards change as solutions pass and get their first comment: briefly shared with visitors. */
const NEEDS_FEEDBACK_CACHE = 'public, max-age=10'

/** The session's user, whatever the route's own variables say of it. */
const userOf = (c: Context) => (c as Context<{ Variables: AuthVariables }>).get('user')

/** The admin's note, trimmed; null when there is none. */
async function noteOf(c: Context): Promise<string | null> {
  const { note } = parseInput(moderationNoteSchema, await readJsonBody(c), { named: false })
  return note?.trim() ? note.trim() : null
}

/**
 * Reports, the admins' moderation and its audit log, and the "needs feedback" list (docs/product.md §12),
 * mounted at /api before app.ts's `/me/*` guard, so each route checks the session itself. An admin is a
 * member whose login `deps.admins` names; anyone else is refused every /api/admin route.
 */
export function moderationRoutes(deps: ModerationDeps) {
  const { db, admins, guard } = deps
  const reportLimit = limitReports(deps.rateLimitStore?.(), deps.limitKeyOf)
  const requireAdmin = createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const user = c.get('user')
    if (!user || !admins.has(user.username)) throw new HttpError(403, 'forbidden', NOT_AN_ADMIN)
    await next()
  })
  const actorOf = (c: Context): Moderator => {
    const user = userOf(c)
    if (!user) throw new HttpError(401, 'unauthorized', 'Please log in with GitHub to do that.')
    return { id: user.id, username: user.username }
  }
  const done = (c: Context) => c.json({ ok: true as const })
  /** What every admin change passes first: signed in, same-origin JSON, the mutation limit, an admin. */
  const adminChange = [requireUser, guard.csrf, guard.limit, requireAdmin] as const

  return new Hono<{ Variables: AuthVariables }>()
    .post('/reports', requireUser, guard.csrf, guard.limit, reportLimit, async (c) => {
      const reporter = actorOf(c)
      const report = parseInput(newReportSchema, await readJsonBody(c), { named: false })
      const filed = await fileReport(db, reporter.id, report)
      return c.json({ report: { id: filed.id } }, filed.created ? 201 : 200)
    })
    .get('/needs-feedback', async (c) => {
      const query = parseInput(needsFeedbackQuery, c.req.query())
      const readerId = c.get('user')?.id ?? null
      c.header('Cache-Control', readerId === null ? NEEDS_FEEDBACK_CACHE : 'no-store')
      // A shared cache keeps the visitors' answer apart from a member's.
      c.header('Vary', 'Cookie')
      return c.json((await readNeedsFeedback(db, readerId, query)) satisfies NeedsFeedbackResponse)
    })
    .get('/admin/reports', requireUser, requireAdmin, async (c) =>
      c.json({ reports: await openReports(db) } satisfies AdminReportsResponse),
    )
    .get('/admin/audit', requireUser, requireAdmin, async (c) =>
      c.json({ actions: await readAudit(db) } satisfies AuditResponse),
    )
    .post('/admin/comments/:id/hide', ...adminChange, async (c) => {
      const { id } = parseInput(moderatedCommentParams, c.req.param())
      await setCommentHidden(db, actorOf(c), id, true, await noteOf(c))
      return done(c)
    })
    .post('/admin/comments/:id/restore', ...adminChange, async (c) => {
      const { id } = parseInput(moderatedCommentParams, c.req.param())
      await setCommentHidden(db, actorOf(c), id, false, await noteOf(c))
      return done(c)
    })
    .post('/admin/solutions/:id/hide', ...adminChange, async (c) => {
      const { id } = parseInput(solutionIdParams, c.req.param())
      const { changed, ownerId } = await setSolutionHidden(db, actorOf(c), id, true, await noteOf(c))
      if (changed) deps.events.emit({ type: 'solution-moderated', ownerId, hidden: true })
      return done(c)
    })
    .post('/admin/solutions/:id/restore', ...adminChange, async (c) => {
      const { id } = parseInput(solutionIdParams, c.req.param())
      const { changed, ownerId } = await setSolutionHidden(db, actorOf(c), id, false, await noteOf(c))
      if (changed) deps.events.emit({ type: 'solution-moderated', ownerId, hidden: false })
      return done(c)
    })
    .post('/admin/members/:username/suspend', ...adminChange, async (c) => {
      const { username } = parseInput(usernameParams, c.req.param())
      await setMemberSuspended(db, actorOf(c), username, true, await noteOf(c))
      return done(c)
    })
    .post('/admin/members/:username/restore', ...adminChange, async (c) => {
      const { username } = parseInput(usernameParams, c.req.param())
      await setMemberSuspended(db, actorOf(c), username, false, await noteOf(c))
      return done(c)
    })
    .post('/admin/reports/:id/dismiss', ...adminChange, async (c) => {
      const { id } = parseInput(reportIdParams, c.req.param())
      await dismissReport(db, actorOf(c), id, await noteOf(c))
      return done(c)
    })
}
