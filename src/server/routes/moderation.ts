import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { z } from 'zod'
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
import { describeOperation, error, json, type Operation } from '#server/openapi/operation.ts'
import type { FeedbackDeps } from '#server/routes/feedback.ts'
import { solutionIdParams } from '#server/routes/solutions.ts'
import {
  type AdminReportsResponse,
  type AuditResponse,
  FEEDBACK_LIMITS,
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

/**
 * An admin's action (docs/product.md §12): its body is an optional note for the audit log. One that
 * changes something writes one audit row; one that changes nothing answers 200 all the same.
 */
function adminAction(
  operationId: string,
  summary: string,
  params: z.ZodObject,
  target: 'comment' | 'solution' | 'member' | 'report',
): Operation {
  return {
    operationId,
    summary,
    tag: 'Moderation',
    member: true,
    guarded: true,
    params,
    body: 'ModerationNote',
    responses: {
      200: json('Done, or already so.', 'ModerationResponse'),
      400: error(
        target === 'member'
          ? 'The body is not valid, or an admin tried to suspend themselves; nothing changed.'
          : 'The id or the body is not valid; nothing changed.',
      ),
      403: error(
        'Not sent from this site itself (code `forbidden_origin`), or not an admin (code `forbidden`).',
      ),
      404: error(`There is no such ${target}.`),
    },
  }
}

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
    .post(
      '/reports',
      describeOperation({
        operationId: 'fileReport',
        summary: 'Report a comment or a solution to the admins',
        description:
          `At most ${FEEDBACK_LIMITS.report.limit} reports a day per member; a refused one does not count. ` +
          'Reporting the same target again ' +
          'while the first report is open files nothing and answers with that report.',
        tag: 'Moderation',
        member: true,
        guarded: true,
        body: 'NewReport',
        responses: {
          200: json('The member’s open report of this target, unchanged.', 'ReportResponse'),
          201: json('The report, filed.', 'ReportResponse'),
          400: error('The body is not valid, or the target is the member’s own work (the message says why).'),
          404: error('There is no such comment or solution, or it is not listed.'),
          429: error(
            'Too many changes in a minute, or the day’s reports were filed (code `rate_limited`; the message ' +
              'and Retry-After say when the next is possible).',
          ),
        },
      }),
      requireUser,
      guard.csrf,
      guard.limit,
      reportLimit,
      async (c) => {
        const reporter = actorOf(c)
        const report = parseInput(newReportSchema, await readJsonBody(c), { named: false })
        const filed = await fileReport(db, reporter.id, report)
        return c.json({ report: { id: filed.id } }, filed.created ? 201 : 200)
      },
    )
    .get(
      '/needs-feedback',
      describeOperation({
        operationId: 'listNeedsFeedback',
        summary: 'Listed solutions nobody has commented on yet',
        description:
          'The longest waiting first (oldest passed review), never the reader’s own. A signed-in reader gets ' +
          'first those of challenges they completed (`builtByYouToo`), then the others; by cursor across both.',
        tag: 'Feedback',
        readsSession: true,
        query: needsFeedbackQuery,
        responses: {
          200: json(
            'A page of cards, the cursor of the next one, and whether any solution is published at all.',
            'NeedsFeedbackResponse',
          ),
          400: error('`cursor` or `limit` is not valid (the message says which).'),
        },
      }),
      async (c) => {
        const query = parseInput(needsFeedbackQuery, c.req.query())
        const readerId = c.get('user')?.id ?? null
        c.header('Cache-Control', readerId === null ? NEEDS_FEEDBACK_CACHE : 'no-store')
        // A shared cache keeps the visitors' answer apart from a member's.
        c.header('Vary', 'Cookie')
        return c.json((await readNeedsFeedback(db, readerId, query)) satisfies NeedsFeedbackResponse)
      },
    )
    .get(
      '/admin/reports',
      describeOperation({
        operationId: 'listOpenReports',
        summary: 'The open reports, oldest first',
        tag: 'Moderation',
        member: true,
        responses: {
          200: json('Each open report with what it points at.', 'AdminReportsResponse'),
          403: error('Not an admin (code `forbidden`).'),
        },
      }),
      requireUser,
      requireAdmin,
      async (c) => c.json({ reports: await openReports(db) } satisfies AdminReportsResponse),
    )
    .get(
      '/admin/audit',
      describeOperation({
        operationId: 'listModerationActions',
        summary: 'The moderation audit log',
        description: 'The newest 100 admin actions, newest first, with who acted and on what.',
        tag: 'Moderation',
        member: true,
        responses: {
          200: json('The actions.', 'AuditResponse'),
          403: error('Not an admin (code `forbidden`).'),
        },
      }),
      requireUser,
      requireAdmin,
      async (c) => c.json({ actions: await readAudit(db) } satisfies AuditResponse),
    )
    .post(
      '/admin/comments/:id/hide',
      describeOperation(adminAction('hideComment', 'Hide a comment', commentIdParams, 'comment')),
      ...adminChange,
      hideComment(true),
    )
    .post(
      '/admin/comments/:id/restore',
      describeOperation(
        adminAction('restoreComment', 'Show a hidden comment again', commentIdParams, 'comment'),
      ),
      ...adminChange,
      hideComment(false),
    )
    .post(
      '/admin/solutions/:id/hide',
      describeOperation(adminAction('hideSolution', 'Hide a solution', solutionIdParams, 'solution')),
      ...adminChange,
      hideSolution(true),
    )
    .post(
      '/admin/solutions/:id/restore',
      describeOperation(
        adminAction('restoreSolution', 'Show a hidden solution again', solutionIdParams, 'solution'),
      ),
      ...adminChange,
      hideSolution(false),
    )
    .post(
      '/admin/members/:username/suspend',
      describeOperation(
        adminAction('suspendMember', 'Suspend a member from commenting', usernameParams, 'member'),
      ),
      ...adminChange,
      suspendMember(true),
    )
    .post(
      '/admin/members/:username/restore',
      describeOperation(
        adminAction('restoreMember', 'Let a suspended member comment again', usernameParams, 'member'),
      ),
      ...adminChange,
      suspendMember(false),
    )
    .post(
      '/admin/reports/:id/dismiss',
      describeOperation(
        adminAction('dismissReport', 'Close a report without acting on it', reportIdParams, 'report'),
      ),
      ...adminChange,
      async (c) => {
        const { id } = parseInput(reportIdParams, c.req.param())
        await dismissReport(db, actorOf(c), id, await noteOf(c))
        return done(c)
      },
    )
}
