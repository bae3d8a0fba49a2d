import { type Context, Hono } from 'hono'
import type { Store } from 'hono-rate-limiter'
import { deleteAccount } from '#server/account/delete.ts'
import { exportAccount } from '#server/account/export.ts'
import type { MemberVariables } from '#server/auth/guards.ts'
import { clearSessionCookie } from '#server/auth/session.ts'
import type { Database } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import { attachmentDisposition } from '#server/http/content-disposition.ts'
import { HttpError, parseInput, readJsonBody } from '#server/http/errors.ts'
import type { MemberLimitKey } from '#server/http/member-limit-key.ts'
import { limitRequests } from '#server/http/rate-limit.ts'
import type { Logger } from '#server/logger.ts'
import { describeOperation, error, json, retryAfter } from '#server/openapi/operation.ts'
import type { Storage } from '#server/storage/storage.ts'
import {
  CONFIRM_MISMATCH,
  deleteAccountSchema,
  EXPORT_LIMIT,
  exportFileName,
  exportLimitedMessage,
} from '#shared/account.ts'

const UNAUTHORIZED = 'Please log in with GitHub to do that.'

/**
 * "Your account" (docs/product.md §2 Settings): GET /api/me/export and DELETE /api/me. Mounted at /api/me
 * behind its guards (requireUser; for the deletion, the same-origin JSON check and the mutation limit).
 */
export function accountRoutes(deps: {
  db: Database
  storage: Storage
  env: Env
  log: Logger
  rateLimitStore?: () => Store | undefined
  /** The key a member's quotas count under (http/member-limit-key.ts): it outlives a deleted account. */
  limitKeyOf: MemberLimitKey
  /** Told after the deletion committed: every cache that holds the member (or counts them) drops it. */
  events: EventEmitter
}) {
  const { db, env, log } = deps
  const exportLimit = limitRequests(
    'export',
    EXPORT_LIMIT,
    (c) => deps.limitKeyOf((c as Context<{ Variables: MemberVariables }>).get('user')),
    deps.rateLimitStore?.(),
    {
      message: (seconds) => exportLimitedMessage(seconds),
      counts: 'accepted',
    },
  )
  return new Hono<{ Variables: MemberVariables }>()
    .get(
      '/export',
      describeOperation({
        operationId: 'exportMyData',
        summary: 'Download everything held about the member',
        description:
          'One JSON file, sent as an attachment named `frontend-dojo-<login>-<YYYY-MM-DD>.json`: the profile, ' +
          'progress, reviews with their breakpoints (images as /files/ addresses), comments, likes, reports ' +
          `filed, notifications, badges, the points ledger and competition results. At most ${EXPORT_LIMIT.limit} ` +
          'an hour per member; a refused one does not count. Never cached.',
        tag: 'My account',
        member: true,
        responses: {
          200: {
            ...json('The member’s data.', 'AccountExport'),
            headers: {
              'Content-Disposition': {
                description: 'attachment; filename="frontend-dojo-<login>-<YYYY-MM-DD>.json".',
                schema: { type: 'string' },
              },
            },
          },
          429: {
            ...error('Too many exports this hour (code `rate_limited`; the message says when to try again).'),
            headers: { 'Retry-After': retryAfter() },
          },
        },
      }),
      exportLimit,
      async (c) => {
        const now = new Date()
        const user = c.get('user')
        const data = await exportAccount(db, user.id, now)
        if (!data) throw new HttpError(401, 'unauthorized', UNAUTHORIZED)
        c.header('Content-Disposition', attachmentDisposition(exportFileName(user.username, now)))
        return c.json(data)
      },
    )
    .delete(
      '/',
      describeOperation({
        operationId: 'deleteMyAccount',
        summary: 'Delete the member’s account',
        description:
          'The body names the member’s login (`confirm`, letter case ignored). Removes the member’s row and ' +
          'everything of theirs (activity settings included): sessions, progress, solutions with their reviews and review images, comments ' +
          '(with the replies under them), likes, reports, notifications, badges, points and competition ' +
          'results; the moderation log keeps its rows without the member. Other members’ solutions keep exact ' +
          'like and comment counts. Every session of the member ends and the cookie is cleared. Signing in ' +
          'again with the same GitHub account starts a new, empty account.',
        tag: 'My account',
        member: true,
        guarded: true,
        body: 'DeleteAccount',
        responses: {
          204: { description: 'Deleted: the member is signed out everywhere and the cookie is cleared.' },
          400: error(
            'The body is not JSON, or `confirm` is not the member’s login (code `confirm_mismatch`); nothing changed.',
          ),
        },
      }),
      async (c) => {
        const user = c.get('user')
        const { confirm } = parseInput(deleteAccountSchema, await readJsonBody(c), { named: false })
        // GitHub logins ignore letter case, so the confirmation does too.
        if (confirm.toLowerCase() !== user.username.toLowerCase()) {
          throw new HttpError(400, 'confirm_mismatch', CONFIRM_MISMATCH)
        }
        const deleted = await deleteAccount({ db, storage: deps.storage, log }, user.id)
        if (!deleted) throw new HttpError(401, 'unauthorized', UNAUTHORIZED)
        deps.events.emit({ type: 'account-deleted', userId: user.id })
        clearSessionCookie(c, env)
        log.info('account deleted', { userId: user.id })
        return c.body(null, 204)
      },
    )
}
