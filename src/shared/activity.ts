import { z } from 'zod'
import { isTimeZone, WEEKLY_GOAL_MAX, WEEKLY_GOAL_MIN } from '#shared/activity-days.ts'

/** The API's shapes for activity and streaks (docs/product.md §14); the rules are in activity-days.ts. */

export const ACTIVITY_MESSAGES = {
  timeZone: 'must be a time zone name such as Europe/London or America/New_York',
  weeklyGoal: `must be a whole number from ${WEEKLY_GOAL_MIN} to ${WEEKLY_GOAL_MAX}, or null for no goal`,
} as const

export const timeZoneSchema = z
  .string(ACTIVITY_MESSAGES.timeZone)
  .refine(isTimeZone, ACTIVITY_MESSAGES.timeZone)
  .describe('An IANA time zone name, such as Europe/London.')

export const weeklyGoalSchema = z
  .number(ACTIVITY_MESSAGES.weeklyGoal)
  .int(ACTIVITY_MESSAGES.weeklyGoal)
  .min(WEEKLY_GOAL_MIN, ACTIVITY_MESSAGES.weeklyGoal)
  .max(WEEKLY_GOAL_MAX, ACTIVITY_MESSAGES.weeklyGoal)

export const activityDaySchema = z.object({
  date: z.string().describe('The local day, YYYY-MM-DD, in the answer’s time zone.'),
  reviews: z.number().int().describe('Passed reviews of the member’s solutions that ended that day.'),
  submits: z.number().int().describe('Submits and "Review again" requests the member made that day.'),
  comments: z
    .number()
    .int()
    .describe('Comments and replies the member gave that day (not deleted or hidden).'),
})

export const streaksSchema = z.object({
  current: z
    .number()
    .int()
    .describe('Active days in a row ending today, or ending yesterday while today is the grace day.'),
  longest: z.number().int().describe('The longest run of active days in a row within the calendar.'),
  inGrace: z
    .boolean()
    .describe(
      'Today is not active yet but yesterday was: the current streak ends unless today becomes active.',
    ),
  activeToday: z.boolean(),
})

export const activityResponse = z.discriminatedUnion('hidden', [
  z.object({
    hidden: z.literal(true).describe('The member hides their activity from their public profile.'),
  }),
  z.object({
    hidden: z.literal(false),
    /** True for the owner when the activity is hidden from everyone else. */
    hiddenFromOthers: z.boolean().describe('Only the owner sees it: hidden from everyone else.'),
    timeZone: z.string().describe('The zone the days are counted in.'),
    from: z.string().describe('The calendar’s first day (a Monday), YYYY-MM-DD.'),
    today: z.string().describe('Today in that zone, the calendar’s last day.'),
    days: z.array(activityDaySchema).describe('Only the days with activity, oldest first.'),
    activeDays: z.number().int(),
    streaks: streaksSchema,
  }),
])
export type ActivityResponse = z.infer<typeof activityResponse>
export type VisibleActivity = Extract<ActivityResponse, { hidden: false }>

export const activitySettingsSchema = z.object({
  timeZone: z
    .string()
    .nullable()
    .describe('The chosen IANA zone; null: the browser’s (the app sends it), else UTC.'),
  weeklyGoal: z.number().int().nullable().describe('Challenges to pass a week, 1 to 7; null for none.'),
  activityHidden: z.boolean().describe('Hide the activity calendar and streaks from the public profile.'),
})
export type ActivitySettings = z.infer<typeof activitySettingsSchema>

/** PATCH /api/me/activity-settings: any of the three, validated; any other field is refused. */
export const activitySettingsUpdateSchema = z
  .strictObject({
    timeZone: timeZoneSchema.nullable(),
    weeklyGoal: weeklyGoalSchema.nullable(),
    activityHidden: z.boolean('must be true or false'),
  })
  .partial()
export type ActivitySettingsUpdate = z.infer<typeof activitySettingsUpdateSchema>

export const activitySettingsResponse = z.object({ settings: activitySettingsSchema })

export const weeklyGoalResponse = z.object({
  goal: z.number().int().nullable().describe('The member’s weekly goal, or null when none is set.'),
  passed: z
    .number()
    .int()
    .describe('Distinct challenges with a passed review this week (Monday to Sunday, local time).'),
  weekStart: z.string().describe('This week’s Monday, YYYY-MM-DD, in `timeZone`.'),
  timeZone: z.string(),
})
export type WeeklyGoalResponse = z.infer<typeof weeklyGoalResponse>

/** `?tz=`: the browser's zone, used only when the member chose none. */
export const browserZoneQuery = z.object({ tz: timeZoneSchema.optional() })
