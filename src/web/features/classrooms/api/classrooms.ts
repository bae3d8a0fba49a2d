import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  Assignment,
  assignmentsResponse,
  Classroom,
  ClassroomSummary,
  classroomFeedbackResponse,
  classroomLeaderboardResponse,
  GridResponse,
  InvitePreview,
  myAssignmentsResponse,
  rosterResponse,
} from '#shared/classroom.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, apiRequest, patchJson, postJson } from '#web/lib/api-client.ts'

/**
 * The classrooms' API (docs/product.md §13). Under the member keys: signing out drops them with the rest
 * of the member's data.
 */
export const classroomKeys = {
  all: [...memberKeys.all, 'classrooms'] as const,
  list: [...memberKeys.all, 'classrooms', 'list'] as const,
  one: (id: string) => [...memberKeys.all, 'classrooms', id] as const,
  assignments: (id: string) => [...memberKeys.all, 'classrooms', id, 'assignments'] as const,
  grid: (id: string) => [...memberKeys.all, 'classrooms', id, 'grid'] as const,
  leaderboard: (id: string) => [...memberKeys.all, 'classrooms', id, 'leaderboard'] as const,
  feedback: (id: string) => [...memberKeys.all, 'classrooms', id, 'needs-feedback'] as const,
  mine: [...memberKeys.all, 'assignments'] as const,
}

const base = (id: string) => `/api/classrooms/${encodeURIComponent(id)}`

export type ClassroomAssignment = z.infer<typeof assignmentsResponse>['assignments'][number]
export type MyAssignment = z.infer<typeof myAssignmentsResponse>['assignments'][number]
export type LeaderboardEntry = z.infer<typeof classroomLeaderboardResponse>['entries'][number]
export type FeedbackEntry = z.infer<typeof classroomFeedbackResponse>['solutions'][number]
export type RosterResult = z.infer<typeof rosterResponse>

export const classroomsQuery = () =>
  queryOptions({
    queryKey: classroomKeys.list,
    queryFn: async () => (await apiFetch<{ classrooms: ClassroomSummary[] }>('/api/classrooms')).classrooms,
    staleTime: 0,
  })

export const classroomQuery = (id: string) =>
  queryOptions({
    queryKey: classroomKeys.one(id),
    queryFn: async () => (await apiFetch<{ classroom: Classroom }>(base(id))).classroom,
    staleTime: 0,
    retry: false,
  })

export const assignmentsQuery = (id: string) =>
  queryOptions({
    queryKey: classroomKeys.assignments(id),
    queryFn: async () =>
      (await apiFetch<{ assignments: ClassroomAssignment[] }>(`${base(id)}/assignments`)).assignments,
    staleTime: 0,
  })

export const gridQuery = (id: string) =>
  queryOptions({
    queryKey: classroomKeys.grid(id),
    queryFn: () => apiFetch<GridResponse>(`${base(id)}/grid`),
    staleTime: 0,
    retry: false,
  })

export const classroomLeaderboardQuery = (id: string) =>
  queryOptions({
    queryKey: classroomKeys.leaderboard(id),
    queryFn: async () => (await apiFetch<{ entries: LeaderboardEntry[] }>(`${base(id)}/leaderboard`)).entries,
    staleTime: 0,
  })

export const classroomFeedbackQuery = (id: string) =>
  queryOptions({
    queryKey: classroomKeys.feedback(id),
    queryFn: async () =>
      (await apiFetch<{ solutions: FeedbackEntry[] }>(`${base(id)}/needs-feedback`)).solutions,
    staleTime: 0,
  })

/** The member's open assignments in every classroom they study in (the dashboard's list). */
export const myAssignmentsQuery = () =>
  queryOptions({
    queryKey: classroomKeys.mine,
    queryFn: async () => (await apiFetch<{ assignments: MyAssignment[] }>('/api/me/assignments')).assignments,
    staleTime: 0,
  })

/** What an invite link opens; readable by a visitor too. */
export const invitePreviewQuery = (code: string) =>
  queryOptions({
    queryKey: ['classroom-invite', code] as const,
    queryFn: async () =>
      (await apiFetch<InvitePreview>(`/api/classroom-invites/${encodeURIComponent(code)}`)).classroom,
    retry: false,
  })

const putJson = (body: unknown = {}): RequestInit => ({ ...postJson(body), method: 'PUT' })
const deleteJson = (): RequestInit => ({ ...postJson({}), method: 'DELETE' })
const answer = async (path: string, init: RequestInit) =>
  (await apiFetch<{ classroom: Classroom }>(path, init)).classroom

export type ClassroomSettings = {
  name?: string
  description?: string
  solutionsPublic?: boolean
  leaderboard?: boolean
}

export const classroomApi = {
  create: (input: { name: string; description?: string }) => answer('/api/classrooms', postJson(input)),
  join: (code: string) => answer('/api/classrooms/join', postJson({ code })),
  update: (id: string, input: ClassroomSettings) => answer(base(id), patchJson(input)),
  remove: (id: string) => apiRequest(base(id), deleteJson()),
  rotateInvite: (id: string, expiresAt: string | null) =>
    answer(`${base(id)}/invite`, postJson(expiresAt ? { expiresAt } : {})),
  disableInvite: (id: string) => answer(`${base(id)}/invite`, deleteJson()),
  leave: (id: string) => apiRequest(`${base(id)}/leave`, postJson()),
  addTeacher: (id: string, login: string) =>
    answer(`${base(id)}/teachers/${encodeURIComponent(login)}`, putJson()),
  removeTeacher: (id: string, login: string) =>
    answer(`${base(id)}/teachers/${encodeURIComponent(login)}`, deleteJson()),
  roster: (id: string, csv: string) => apiFetch<RosterResult>(`${base(id)}/roster`, postJson({ csv })),
  removeStudent: (id: string, login: string) =>
    apiRequest(`${base(id)}/students/${encodeURIComponent(login)}`, deleteJson()),
  createAssignment: (id: string, input: AssignmentInput & { challengeId: number }) =>
    apiFetch<{ assignment: Assignment }>(`${base(id)}/assignments`, postJson(input)),
  updateAssignment: (id: string, assignmentId: string, input: AssignmentInput) =>
    apiFetch<{ assignment: Assignment }>(
      `${base(id)}/assignments/${encodeURIComponent(assignmentId)}`,
      patchJson(input),
    ),
  deleteAssignment: (id: string, assignmentId: string) =>
    apiRequest(`${base(id)}/assignments/${encodeURIComponent(assignmentId)}`, deleteJson()),
  setExtension: (id: string, assignmentId: string, login: string, dueAt: string) =>
    apiFetch<{ username: string; dueAt: string }>(
      `${base(id)}/assignments/${encodeURIComponent(assignmentId)}/extensions/${encodeURIComponent(login)}`,
      putJson({ dueAt }),
    ),
  removeExtension: (id: string, assignmentId: string, login: string) =>
    apiRequest(
      `${base(id)}/assignments/${encodeURIComponent(assignmentId)}/extensions/${encodeURIComponent(login)}`,
      deleteJson(),
    ),
  /** The grades as a file: `grades.csv` or `grades.json`. */
  exportGrades: async (id: string, format: 'csv' | 'json') =>
    (await apiRequest(`${base(id)}/export?format=${format}`)).blob(),
}

export type AssignmentInput = {
  opensAt: string
  dueAt: string
  passRule: { minScore: number | null; maxA11yViolations: number | null; minLighthouseA11y: number | null }
}
