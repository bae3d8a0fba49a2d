/**
 * Learning paths' rules and words (docs/product.md §15) without a schema library, so the
 * pages that show paths and path badges do not load one: the schemas in learning-paths.ts are built on
 * these and re-export them.
 */

export const PATH_LEVELS = ['beginner', 'intermediate', 'advanced'] as const
export type PathLevel = (typeof PATH_LEVELS)[number]
export const LEVEL_TEXT: Record<PathLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
}

/** Steps in one path: enough for a few weeks' work, few enough to finish. */
export const PATH_MAX_STEPS = 12

/** A path's slug: its title in lower case with spaces as hyphens, which is also its file's name. */
export const PATH_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** "Responsive navbars from zero" -> "responsive-navbars-from-zero". */
export const pathSlugOf = (title: string) => title.trim().toLowerCase().split(/\s+/).join('-')

/** A member's status on one step: the challenge's, as their progress says (docs/product.md §15). */
export const STEP_STATUSES = ['not-started', 'started', 'passed'] as const
export type StepStatus = (typeof STEP_STATUSES)[number]
export const STEP_STATUS_TEXT: Record<StepStatus, string> = {
  'not-started': 'Not started',
  started: 'Started',
  passed: 'Passed',
}

/** "2 of 5". */
export const progressText = (passed: number, total: number) => `${passed} of ${total}`
