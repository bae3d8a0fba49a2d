import type { ModerationAction } from '#shared/feedback.ts'
import { formatLongDateUtc } from '#web/lib/format.ts'

/** docs/product.md §12 Notifications and admin pages, word for word. */
export const ADMIN_TEXTS = {
  heading: 'Admin',
  notAdmin: 'Only admins can see this page.',
  reports: 'Open reports',
  loadingReports: 'Loading reports...',
  noReports: 'No open reports.',
  log: 'Moderation log',
  loadingLog: 'Loading the moderation log...',
  emptyLog: 'No moderation actions yet.',
  note: 'Note for the log (optional)',
  reason: 'Reason',
  details: 'Details',
  reportedBy: 'Reported by',
  reported: 'Reported',
  noDetails: 'None given',
  hiddenTag: 'Hidden',
  suspendedTag: 'Suspended from commenting',
  deletedAuthor: 'deleted comment',
  openComment: 'Open the comment',
  openSolution: 'Open the solution',
  hideComment: 'Hide comment',
  restoreComment: 'Restore comment',
  hideSolution: 'Hide solution',
  restoreSolution: 'Restore solution',
  suspend: (author: string) => `Suspend ${author} from commenting`,
  restoreMember: (author: string) => `Restore ${author}'s commenting`,
  dismiss: 'Dismiss report',
  commentHidden: 'The comment is hidden.',
  commentRestored: 'The comment is restored.',
  solutionHidden: 'The solution is hidden.',
  solutionRestored: 'The solution is restored.',
  memberSuspended: (author: string) => `${author} is suspended from commenting.`,
  memberRestored: (author: string) => `${author} can comment again.`,
  reportDismissed: 'The report is dismissed.',
  targetGone: 'No longer there',
  failed: 'Check your internet connection and try again',
} as const

/** The log's readable action names. */
export const ACTION_LABELS: Record<ModerationAction, string> = {
  hide_comment: 'Hid a comment',
  restore_comment: 'Restored a comment',
  hide_solution: 'Hid a solution',
  restore_solution: 'Restored a solution',
  suspend_member: 'Suspended from commenting',
  restore_member: 'Restored commenting',
  dismiss_report: 'Dismissed a report',
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** "November 25, 2026, 14:05 UTC": the date as the other pages write it, and the time the log needs. */
export function formatDateTimeUtc(date: Date): string {
  return `${formatLongDateUtc(date)}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`
}
