/** Business constants from docs/product.md §9. One definition, used by the server and the app. */

export const POINTS_PER_CHALLENGE = 10
export const NEW_CHALLENGES_COUNT = 3
export const LEADERBOARD_SIZE = 10
export const NAME_MAX_LENGTH = 50
export const BIO_MAX_LENGTH = 150
export const TOAST_AUTO_CLOSE_MS = 5000
export const MOBILE_BREAKPOINT_PX = 590
export const LOGO_NAVIGATION_DELAY_MS = 300
export const ACTIVE_LINK_STORAGE_KEY = 'activeLink'

export const DEVICE_VIEWS = ['Desktop', 'Tablet', 'Mobile'] as const
export type DeviceView = (typeof DEVICE_VIEWS)[number]

/** Widths the design images are rendered at, per device view. */
export const DEVICE_WIDTHS: Record<DeviceView, number> = { Desktop: 1440, Tablet: 768, Mobile: 375 }

/**
 * The width of a design's preview: what the challenge page shows on a phone, where the design is about
 * 350 px wide on a screen of twice that density (docs/decisions/019-first-visit-budgets.md).
 */
export const DESIGN_PREVIEW_WIDTH = 720

export const CHALLENGE_STATUSES = ['ongoing', 'completed'] as const
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number]

export const DIFFICULTIES = ['easy', 'intermediate', 'hard'] as const
export type Difficulty = (typeof DIFFICULTIES)[number]

/** A competition entry is ranked from this match score (0-100) up (docs/product.md §10). */
export const COMPETITION_MIN_SCORE = 80
