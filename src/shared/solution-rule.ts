import { DIFFICULTIES } from '#shared/constants.ts'

/**
 * The solution gallery's choices and the solutions' words without a schema library, for the pages that
 * show galleries and solutions: the server's schemas in solution.ts are built on these and re-export them.
 */

export const DIFFICULTY_VALUES = DIFFICULTIES
export const GALLERY_SORTS = ['newest', 'score', 'liked'] as const
export type GallerySort = (typeof GALLERY_SORTS)[number]
/** Cards per gallery page, unless `limit` asks for fewer or more (at most GALLERY_MAX_LIMIT). */
export const GALLERY_PAGE_SIZE = 24
export const GALLERY_MAX_LIMIT = 48

export const SOLUTION_NO_CHANGE = 'Send at least one of writeUp, repositoryUrl and hidden.'
