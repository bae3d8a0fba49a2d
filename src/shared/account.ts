import { z } from 'zod'

/**
 * "Your account" on /settings (docs/product.md §2 Settings, "Your account"): the export of everything the
 * platform holds about the member, and the deletion of the account. The texts are the spec's, word for word;
 * the form and the server share them.
 */
export const ACCOUNT_TEXTS = {
  heading: 'Your account',
  intro: 'Download everything we hold about you, or delete your account and all of it.',
  exportButton: 'Export my data',
  exporting: 'Preparing your data...',
  exportFailed: 'Your data could not be exported. Please try again.',
  deleteButton: 'Delete my account',
  deleteWarning:
    'This removes your profile, your progress, your solutions and their reviews, your comments and likes, ' +
    'your badges and points. It cannot be undone.',
  confirmLabel: (login: string) => `Type your login, ${login}, to confirm`,
  confirmButton: 'Delete my account for good',
  deleting: 'Deleting your account...',
  cancel: 'Cancel',
  deleted: 'Your account has been deleted.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
} as const

/** 400 when the typed login is not the member's (compared exactly, as GitHub spells it, after trimming). */
export const CONFIRM_MISMATCH =
  'The login you typed does not match yours. Type it exactly to delete your account.'

/** The body of DELETE /api/me. */
export const deleteAccountSchema = z.object(
  {
    confirm: z
      .string(CONFIRM_MISMATCH)
      .max(100, CONFIRM_MISMATCH)
      .transform((value) => value.trim())
      .describe('The member’s login, typed to confirm.'),
  },
  CONFIRM_MISMATCH,
)
export type DeleteAccountBody = z.input<typeof deleteAccountSchema>

/** Per member: an export reads every table, so a script may not ask for one in a loop. */
export const EXPORT_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 } as const

/** "You can export your data again in 12 min." (whole minutes, rounded up; at least 1). */
export function exportLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `You have exported your data several times this hour. You can export it again in ${minutes} min.`
}

/** `frontend-dojo-<login>-<YYYY-MM-DD>.json`, the date in UTC. */
export function exportFileName(login: string, at: Date): string {
  return `frontend-dojo-${login}-${at.toISOString().slice(0, 10)}.json`
}
