import { queryOptions } from '@tanstack/react-query'
import type { AdminReportsResponse, AuditResponse } from '#shared/feedback.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, postJson } from '#web/lib/api-client.ts'

/** Under the member keys: signing out drops them with the rest of the member's data. */
export const adminKeys = {
  all: [...memberKeys.all, 'admin'] as const,
  reports: [...memberKeys.all, 'admin', 'reports'] as const,
  audit: [...memberKeys.all, 'admin', 'audit'] as const,
}

/** The open reports with what each points at (docs/product.md §12). Read afresh on every visit. */
export const adminReportsQuery = () =>
  queryOptions({
    queryKey: adminKeys.reports,
    queryFn: async () => (await apiFetch<AdminReportsResponse>('/api/admin/reports')).reports,
    staleTime: 0,
    // A member who is not an admin is told so at once: asking again changes nothing.
    retry: false,
  })

/** The moderation log, newest first (at most 100). */
export const auditQuery = () =>
  queryOptions({
    queryKey: adminKeys.audit,
    queryFn: async () => (await apiFetch<AuditResponse>('/api/admin/audit')).actions,
    staleTime: 0,
    retry: false,
  })

/** An admin action, each with an optional note for the log: the address names what it acts on. */
export type AdminAction =
  | { kind: 'comment' | 'solution'; id: string; act: 'hide' | 'restore' }
  | { kind: 'member'; username: string; act: 'suspend' | 'restore' }
  | { kind: 'report'; id: string; act: 'dismiss' }

function actionPath(action: AdminAction): string {
  switch (action.kind) {
    case 'comment':
      return `/api/admin/comments/${encodeURIComponent(action.id)}/${action.act}`
    case 'solution':
      return `/api/admin/solutions/${encodeURIComponent(action.id)}/${action.act}`
    case 'member':
      return `/api/admin/members/${encodeURIComponent(action.username)}/${action.act}`
    case 'report':
      return `/api/admin/reports/${encodeURIComponent(action.id)}/dismiss`
  }
}

export async function runAdminAction(action: AdminAction, note: string): Promise<void> {
  const trimmed = note.trim()
  await apiFetch(actionPath(action), postJson(trimmed ? { note: trimmed } : {}))
}
