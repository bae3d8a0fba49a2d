import { Hono } from 'hono'
import {
  findMemberActivityRow,
  readActivity,
  readWeeklyGoal,
  updateActivitySettings,
} from '#server/activity/activity.ts'
import type { AuthVariables, MemberVariables } from '#server/auth/guards.ts'
import type { Database } from '#server/db/client.ts'
import type { EventEmitter } from '#server/events/bus.ts'
import { HttpError, notFound, parseInput, readJsonBody } from '#server/http/errors.ts'
import { usernameParams } from '#server/http/params.ts'
import { describeOperation, error, json } from '#server/openapi/operation.ts'
import { activitySettingsUpdateSchema, browserZoneQuery } from '#shared/activity.ts'
import { effectiveTimeZone } from '#shared/activity-days.ts'

const USER_NOT_FOUND = 'User not found. Please check the username.'
const UNAUTHORIZED = 'Please log in with GitHub to do that.'
const TZ_DESCRIPTION =
  '`tz`, the browser’s IANA time zone, is used only when the member chose none (else UTC); a name that ' +
  'is not a time zone is refused.'

/**
 * A member's public activity calendar (docs/product.md §14), mounted at /api/users after
 * the session lookup: the owner sees their own activity even while it is hidden from everyone else.
 */
export function activityRoutes(db: Database) {
  return new Hono<{ Variables: AuthVariables }>().get(
    '/:username/activity',
    describeOperation({
      operationId: 'getMemberActivity',
      summary: 'A member’s activity calendar and streaks',
      description:
        'The last 53 weeks (Monday to Sunday, this week last), counted in the member’s time zone: per active ' +
        'day, the passed reviews, the submits and the comments given; the current and longest streaks, with ' +
        'the grace day (docs/decisions/024). A member who hides their activity answers `{ "hidden": true }` ' +
        `to everyone but themselves. ${TZ_DESCRIPTION} Never cached.`,
      tag: 'Members',
      readsSession: true,
      params: usernameParams,
      query: browserZoneQuery,
      responses: {
        200: json('The calendar, or `hidden: true`.', 'ActivityResponse'),
        400: error('`tz` is not a time zone name.'),
        404: error('No member has this username.'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      const { username } = parseInput(usernameParams, c.req.param())
      const { tz } = parseInput(browserZoneQuery, c.req.query())
      const member = username ? await findMemberActivityRow(db, { username }) : null
      if (!member) throw notFound(USER_NOT_FOUND)
      const viewer = c.get('user')
      const viewerIsOwner = viewer?.id === member.id
      // Only the owner's browser speaks for the member's zone; a visitor's says nothing about it.
      const timeZone = effectiveTimeZone(member.timeZone, viewerIsOwner ? tz : undefined)
      return c.json(await readActivity(db, member, { timeZone, viewerIsOwner }))
    },
  )
}

/**
 * The member's activity settings and weekly goal, mounted at /api/me behind its guards (requireUser; for
 * the change, the same-origin JSON check and the mutation limit).
 */
export function myActivityRoutes(deps: { db: Database; events: EventEmitter }) {
  const { db } = deps
  return new Hono<{ Variables: MemberVariables }>()
    .get(
      '/activity-settings',
      describeOperation({
        operationId: 'getActivitySettings',
        summary: 'The member’s time zone, weekly goal and activity visibility',
        tag: 'My account',
        member: true,
        responses: { 200: json('The settings as stored.', 'ActivitySettingsResponse') },
      }),
      async (c) => {
        const settings = await updateActivitySettings(db, c.get('user').id, {})
        if (!settings) throw new HttpError(401, 'unauthorized', UNAUTHORIZED)
        return c.json({ settings })
      },
    )
    .patch(
      '/activity-settings',
      describeOperation({
        operationId: 'updateActivitySettings',
        summary: 'Change the member’s time zone, weekly goal or activity visibility',
        description:
          'Any of `timeZone` (an IANA name, or null for the browser’s), `weeklyGoal` (1 to 7, or null for ' +
          'none) and `activityHidden`; any other field is refused.',
        tag: 'My account',
        member: true,
        guarded: true,
        body: 'ActivitySettingsUpdate',
        responses: {
          200: json('The settings as stored.', 'ActivitySettingsResponse'),
          400: error('The body is not JSON, or a field is not valid (the message says which and why).'),
        },
      }),
      async (c) => {
        const update = parseInput(activitySettingsUpdateSchema, await readJsonBody(c))
        const userId = c.get('user').id
        const settings = await updateActivitySettings(db, userId, update)
        if (!settings) throw new HttpError(401, 'unauthorized', UNAUTHORIZED)
        deps.events.emit({ type: 'member-changed', userId })
        return c.json({ settings })
      },
    )
    .get(
      '/goal',
      describeOperation({
        operationId: 'getWeeklyGoal',
        summary: 'The member’s weekly goal and this week’s progress',
        description: `Challenges passed this week, Monday to Sunday in the member’s time zone. ${TZ_DESCRIPTION}`,
        tag: 'My account',
        member: true,
        query: browserZoneQuery,
        responses: {
          200: json(
            'The goal (null when none is set) and the challenges passed this week.',
            'WeeklyGoalResponse',
          ),
          400: error('`tz` is not a time zone name.'),
        },
      }),
      async (c) => {
        const { tz } = parseInput(browserZoneQuery, c.req.query())
        const member = await findMemberActivityRow(db, { id: c.get('user').id })
        if (!member) throw new HttpError(401, 'unauthorized', UNAUTHORIZED)
        return c.json(await readWeeklyGoal(db, member, effectiveTimeZone(member.timeZone, tz)))
      },
    )
}
