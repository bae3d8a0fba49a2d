import { z } from 'zod'

/**
 * Classrooms (docs/product.md §13, docs/decisions/022-classrooms.md): the API's request bodies
 * and answers. Times travel as ISO 8601 with an offset and are stored in UTC; each viewer's page shows
 * them in their own time zone.
 */

export const CLASSROOM_ROLES = ['owner', 'teacher', 'student'] as const
export type ClassroomRole = (typeof CLASSROOM_ROLES)[number]

export const ASSIGNMENT_STATUSES = [
  'not_started',
  'started',
  'submitted',
  'passed',
  'passed_late',
  'missed',
] as const
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number]

/** The most rows a roster may hold (docs/product.md §13); a longer one is refused whole. */
export const ROSTER_MAX_ROWS = 1000
/** A roster's text, in characters: 1,000 rows of a login, a name of 100 and an id of 50, with room. */
export const ROSTER_MAX_CHARS = 200_000
export const CLASSROOM_NAME_MAX = 100
export const CLASSROOM_DESCRIPTION_MAX = 1000
export const ROSTER_NAME_MAX = 100
export const STUDENT_ID_MAX = 50

export const CLASSROOMS_CLOSED = 'Only the admins of this site can create classrooms.'
export const NO_SUCH_CLASSROOM = 'There is no such classroom.'
export const NO_SUCH_ASSIGNMENT = 'There is no such assignment in this classroom.'
export const ONLY_OWNER = 'Only the classroom’s owner can do that.'
export const ONLY_TEACHERS = 'Only the classroom’s teachers can do that.'
export const INVITE_INVALID = 'This invite code is not valid. Ask your teacher for a new link.'
export const INVITE_EXPIRED = 'This invite link has expired. Ask your teacher for a new one.'
export const OWNER_CANNOT_LEAVE = 'The owner cannot leave their own classroom.'
export const DUE_BEFORE_OPENING = 'The due time must be after the opening time.'
export const NO_SUCH_CHALLENGE = 'There is no challenge with this id.'
export const LEADERBOARD_OFF = 'This classroom’s leaderboard is not turned on.'

const TIME_MESSAGE = 'must be a date and time with its offset, such as 2026-12-01T17:00:00+01:00'
/** An instant as ISO 8601 with `Z` or an offset; read as a Date (UTC inside). */
const instant = z.iso.datetime({ offset: true, error: TIME_MESSAGE }).transform((value) => new Date(value))

const trimmedText = (max: number, what: string) =>
  z
    .string(`must be ${what}`)
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')

export const newClassroomSchema = z.strictObject({
  name: trimmedText(CLASSROOM_NAME_MAX, 'a name').min(1, 'must not be empty'),
  description: trimmedText(CLASSROOM_DESCRIPTION_MAX, 'text').optional(),
  solutionsPublic: z.boolean('must be true or false').optional(),
  leaderboard: z.boolean('must be true or false').optional(),
})
export type NewClassroom = z.infer<typeof newClassroomSchema>

export const classroomUpdateSchema = newClassroomSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'must change at least one setting')

export const inviteSchema = z.strictObject({
  /** When the new code stops working; null or absent: never. */
  expiresAt: instant.nullable().optional(),
})

export const joinSchema = z.strictObject({
  code: z
    .string('must be the invite code')
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be the invite code from the link'),
})

export const rosterSchema = z.strictObject({
  csv: z
    .string('must be the roster as CSV text')
    .max(ROSTER_MAX_CHARS, `must be at most ${ROSTER_MAX_CHARS.toLocaleString('en')} characters`),
})

const ruleBound = (max: number, what: string) =>
  z
    .number(`must be a whole number from 0 to ${max}`)
    .int(`must be a whole number from 0 to ${max}`)
    .min(0, `must be a whole number from 0 to ${max}`)
    .max(max, `must be a whole number from 0 to ${max}`)
    .nullable()
    .optional()
    .describe(what)

export const passRuleSchema = z.strictObject({
  minScore: ruleBound(100, 'The least match score, 0 to 100.'),
  maxA11yViolations: ruleBound(1000, 'The most accessibility violations, 0 to 1000.'),
  minLighthouseA11y: ruleBound(100, 'The least Lighthouse accessibility score, 0 to 100.'),
})

export const newAssignmentSchema = z
  .strictObject({
    challengeId: z.number('must be a challenge id').int().min(1).max(2_147_483_647),
    opensAt: instant,
    dueAt: instant,
    passRule: passRuleSchema.optional(),
  })
  .refine((value) => value.dueAt > value.opensAt, { message: DUE_BEFORE_OPENING, path: ['dueAt'] })
export type NewAssignment = z.infer<typeof newAssignmentSchema>

export const assignmentUpdateSchema = z
  .strictObject({
    opensAt: instant.optional(),
    dueAt: instant.optional(),
    passRule: passRuleSchema.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'must change at least one setting')

export const extensionSchema = z.strictObject({ dueAt: instant })

// Answers.

const memberSchema = z.object({
  username: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
})

export const passRuleAnswer = z.object({
  minScore: z.number().nullable(),
  maxA11yViolations: z.number().nullable(),
  minLighthouseA11y: z.number().nullable(),
})
export type PassRule = z.infer<typeof passRuleAnswer>

export const assignmentSchema = z.object({
  id: z.string(),
  challenge: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  opensAt: z.string(),
  dueAt: z.string(),
  passRule: passRuleAnswer,
})
export type Assignment = z.infer<typeof assignmentSchema>

export const classroomSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(CLASSROOM_ROLES),
  owner: memberSchema,
  studentCount: z.number(),
})
export type ClassroomSummary = z.infer<typeof classroomSummarySchema>

export const classroomsResponse = z.object({ classrooms: z.array(classroomSummarySchema) })

const rosterEntrySchema = z.object({
  login: z.string(),
  name: z.string().nullable(),
  studentId: z.string().nullable(),
})

export const classroomSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  role: z.enum(CLASSROOM_ROLES),
  solutionsPublic: z.boolean(),
  leaderboard: z.boolean(),
  owner: memberSchema,
  teachers: z.array(memberSchema),
  /** Teachers only: the students, the invite and the roster's pending logins. */
  students: z
    .array(memberSchema.extend({ studentId: z.string().nullable(), rosterName: z.string().nullable() }))
    .optional(),
  invite: z.object({ code: z.string().nullable(), expiresAt: z.string().nullable() }).optional(),
  pending: z.array(rosterEntrySchema).optional(),
  studentCount: z.number(),
})
export type Classroom = z.infer<typeof classroomSchema>
export const classroomResponse = z.object({ classroom: classroomSchema })

/** What an invite link shows before joining: the classroom's name and owner, nothing else. */
export const invitePreviewResponse = z.object({
  classroom: z.object({ name: z.string(), owner: memberSchema }),
})
export type InvitePreview = z.infer<typeof invitePreviewResponse>

export const rosterResponse = z.object({
  /** Logins now students of the classroom. */
  added: z.array(z.string()),
  /** Logins of no member yet: matched when they sign in. */
  pending: z.array(z.string()),
})

const workSchema = z.object({
  reviewId: z.string(),
  score: z.number().nullable(),
  at: z.string(),
  accessibilityIssues: z.number().nullable(),
  htmlErrors: z.number().nullable(),
  lighthouseAccessibility: z.number().nullable(),
  passRuleMet: z.boolean(),
})
export type GradedWork = z.infer<typeof workSchema>

export const gradeSchema = z.object({
  status: z.enum(ASSIGNMENT_STATUSES),
  /** The student's own due time (an extension, else the assignment's). */
  dueAt: z.string(),
  /** The best passed review asked for by the due time; null when none. */
  graded: workSchema.nullable(),
  /** Without an on-time pass, the best later one, with its own score. */
  late: workSchema.nullable(),
  solutionId: z.string().nullable(),
})
export type Grade = z.infer<typeof gradeSchema>

export const myAssignmentSchema = z.object({
  assignment: assignmentSchema,
  classroom: z.object({ id: z.string(), name: z.string() }),
  grade: gradeSchema,
})
export const myAssignmentsResponse = z.object({ assignments: z.array(myAssignmentSchema) })

export const assignmentsResponse = z.object({
  assignments: z.array(assignmentSchema.extend({ grade: gradeSchema.optional() })),
})
export const assignmentResponse = z.object({ assignment: assignmentSchema })

export const gridResponse = z.object({
  assignments: z.array(assignmentSchema),
  students: z.array(
    memberSchema.extend({
      studentId: z.string().nullable(),
      rosterName: z.string().nullable(),
      /** One per assignment, in the order of `assignments`. */
      grades: z.array(gradeSchema),
    }),
  ),
})
export type GridResponse = z.infer<typeof gridResponse>

export const classroomLeaderboardResponse = z.object({
  entries: z.array(
    z.object({ rank: z.number(), member: memberSchema, passed: z.number(), totalScore: z.number() }),
  ),
})

export const extensionResponse = z.object({ username: z.string(), dueAt: z.string() })
export const okResponse = z.object({ ok: z.literal(true) })

/** The classroom's needs-feedback queue: students' passed work of its assignments no teacher commented on. */
export const classroomFeedbackResponse = z.object({
  solutions: z.array(
    z.object({
      solutionId: z.string(),
      student: memberSchema,
      assignmentId: z.string(),
      challenge: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
      passedAt: z.string(),
      score: z.number().nullable(),
    }),
  ),
})

export const classroomNotificationsResponse = z.object({
  notifications: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['assignment', 'assignment_due', 'late_pass']),
      classroom: z.object({ id: z.string(), name: z.string() }),
      assignmentId: z.string(),
      challenge: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
      dueAt: z.string(),
      student: memberSchema.nullable(),
      reviewId: z.string().nullable(),
      read: z.boolean(),
      createdAt: z.string(),
    }),
  ),
})
export type ClassroomNotificationsResponse = z.infer<typeof classroomNotificationsResponse>
