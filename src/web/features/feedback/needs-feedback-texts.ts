import type { FeedbackState } from '#shared/member.ts'

/** docs/product.md §12 "On the solution page", word for word. */
export const NEEDS_FEEDBACK_TEXTS = {
  heading: 'Needs feedback',
  intro: 'Solutions no one has commented on yet, oldest first. A few words help a lot.',
  empty: 'Every solution has feedback. Thank you!',
  emptyLink: 'Browse solutions',
  /** Empty because nothing is published at all: the list has nothing to wait for feedback yet. */
  nonePublished: 'No solutions have been published yet',
  nonePublishedLink: 'Browse challenges',
} as const

/**
 * The dashboard's "Give feedback" sentence (docs/product.md §2 Dashboard): true to where feedback stands,
 * and the same words the Needs feedback page uses when its list is empty.
 */
export const GIVE_FEEDBACK_TEXTS: Record<FeedbackState, string> = {
  'none-published': NEEDS_FEEDBACK_TEXTS.nonePublished,
  waiting: 'Some solutions have no comment yet. A few words help a lot.',
  'all-commented': NEEDS_FEEDBACK_TEXTS.empty,
}
