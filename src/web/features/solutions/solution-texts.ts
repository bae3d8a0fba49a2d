/** docs/product.md §11, word for word. */
export const SOLUTION_TEXTS = {
  notFound: 'There is no such solution.',
  hidden: 'Only you can see this solution: it is hidden from the galleries.',
  unlisted: 'Only you can see this solution until one of its reviews passes.',
  noWriteUp: 'No write-up yet.',
  saved: 'Your solution has been saved.',
  saveFailed: 'We could not save your solution. Please try again.',
  /** docs/product.md §12 "On the solution page". */
  moderatorHiddenAuthor: 'An admin hid this solution: only you and the admins can see it.',
  moderatorHiddenAdmin: 'Hidden by an admin.',
} as const
