import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { type AuthVariables, requireUser } from '#server/auth/guards.ts'
import { HttpError, parseInput, readJsonBody } from '#server/http/errors.ts'
import { commentIdParams, usernameParams, uuidParams } from '#server/http/params.ts'
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
import type { FeedbackDeps } from '#server/routes/feedback.ts'
import { solutionIdParams } from '#server/routes/solutions.ts'
import {
  type AdminReportsResponse,
  type AuditResponse,
  moderationNoteSchema,
  type NeedsFeedbackResponse,
  NOT_AN_ADMIN,
  newReportSchema,
} from '#shared/feedback.ts'

export type ModerationDeps = FeedbackDeps

/** `:id` of a report: a UUID (any case). */
export const reportIdParams = uuidParams('must be a report id', 'A report’s id: a UUID (any letter case).')

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

  /** Hides (`true`) or restores what the route names, as the admin, with their note. */
  const hideComment = (hide: boolean) => async (c: Context) => {
    const { id } = parseInput(commentIdParams, c.req.param())
    await setCommentHidden(db, actorOf(c), id, hide, await noteOf(c))
    return done(c)
  }
  const hideSolution = (hide: boolean) => async (c: Context) => {
    const { id } = parseInput(solutionIdParams, c.req.param())
    await setSolutionHidden(db, actorOf(c), id, hide, await noteOf(c), deps.events)
    return done(c)
  }
  const suspendMember = (suspend: boolean) => async (c: Context) => {
    const { username } = parseInput(usernameParams, c.req.param())
    await setMemberSuspended(db, actorOf(c), username, suspend, await noteOf(c))
    return done(c)
  }

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
    .post('/admin/comments/:id/hide', ...adminChange, hideComment(true))
    .post('/admin/comments/:id/restore', ...adminChange, hideComment(false))
    .post('/admin/solutions/:id/hide', ...adminChange, hideSolution(true))
    .post('/admin/solutions/:id/restore', ...adminChange, hideSolution(false))
    .post('/admin/members/:username/suspend', ...adminChange, suspendMember(true))
    .post('/admin/members/:username/restore', ...adminChange, suspendMember(false))
    .post('/admin/reports/:id/dismiss', ...adminChange, async (c) => {
      const { id } = parseInput(reportIdParams, c.req.param())
      await dismissReport(db, actorOf(c), id, await noteOf(c))
      return done(c)
    })
}
