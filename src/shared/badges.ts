/**
 * The badges of docs/product.md §4, defined in code: each has a name, what it is for, how to earn it and its
 * own image (an SVG in public/images/badges/). A member holds a badge once per reason (a competition's badges
 * once per competition, the lasting ones once), which the database's unique key enforces.
 */
export const BADGE_IDS = [
  'competition-gold',
  'competition-silver',
  'competition-bronze',
  'first-challenge',
  'every-category',
  'five-week-streak',
  'first-helpful',
  'ten-helpful',
  'path-complete',
] as const
export type BadgeId = (typeof BADGE_IDS)[number]

export type BadgeDefinition = {
  name: string
  /** One line: what holding it says. */
  summary: string
  /** How to earn it, in full. */
  howToEarn: string
  image: string
  kind: 'competition' | 'lasting' | 'path'
}

/** Silver: every breakpoint of one review scored at least this. */
export const SILVER_BREAKPOINT_SCORE = 90
/** Gold: one review's match score at least this, with clean accessibility and valid HTML. */
export const GOLD_SCORE = 95
/** Weeks in a row (ISO weeks, UTC) with a completed challenge for the streak badge. */
export const STREAK_WEEKS = 5

export const BADGES: Record<BadgeId, BadgeDefinition> = {
  'competition-gold': {
    name: 'Competition gold',
    summary: 'A near-perfect, accessible and valid build in a weekly competition.',
    howToEarn: `In a weekly competition, get a review of your verified entry with a match score of ${GOLD_SCORE} or more, no serious or critical accessibility finding (axe, at the desktop and mobile widths) and no HTML validation error.`,
    image: '/images/badges/competition-gold.svg',
    kind: 'competition',
  },
  'competition-silver': {
    name: 'Competition silver',
    summary: 'A close match at every screen size in a weekly competition.',
    howToEarn: `In a weekly competition, get a review of your verified entry in which the desktop, tablet and mobile widths each score ${SILVER_BREAKPOINT_SCORE} or more.`,
    image: '/images/badges/competition-silver.svg',
    kind: 'competition',
  },
  'competition-bronze': {
    name: 'Competition bronze',
    summary: 'Took part in a weekly competition with verified work.',
    howToEarn:
      'Enter a weekly competition: submit your live site of its challenge while it runs, and let the review pass before the competition ends.',
    image: '/images/badges/competition-bronze.svg',
    kind: 'competition',
  },
  'first-challenge': {
    name: 'First build',
    summary: 'Completed a first challenge.',
    howToEarn: 'Complete any challenge: start it, build it and submit your live site; its review passes.',
    image: '/images/badges/first-challenge.svg',
    kind: 'lasting',
  },
  'every-category': {
    name: 'All-rounder',
    summary: 'Completed a challenge in every category.',
    howToEarn: 'Complete at least one navbar, footer, landing page, hero and features challenge.',
    image: '/images/badges/every-category.svg',
    kind: 'lasting',
  },
  'five-week-streak': {
    name: 'Five-week streak',
    summary: `Completed challenges ${STREAK_WEEKS} weeks in a row.`,
    howToEarn: `Complete a new challenge in each of ${STREAK_WEEKS} weeks in a row. Weeks run from Monday 00:00 UTC.`,
    image: '/images/badges/five-week-streak.svg',
    kind: 'lasting',
  },
  'first-helpful': {
    name: 'Helpful',
    summary: 'Wrote a comment another member marked helpful.',
    howToEarn:
      'Comment on another member’s solution, or reply to a comment on one; the solution’s author marks it helpful.',
    image: '/images/badges/first-helpful.svg',
    kind: 'lasting',
  },
  'ten-helpful': {
    name: 'Mentor',
    summary: 'Wrote ten comments other members marked helpful.',
    howToEarn:
      'Have ten of your comments and replies on other members’ solutions marked helpful by those solutions’ authors.',
    image: '/images/badges/ten-helpful.svg',
    kind: 'lasting',
  },
  'path-complete': {
    name: 'Path complete',
    summary: 'Passed every step of a learning path.',
    howToEarn:
      'Pick a learning path and pass the review of each of its challenges, in any order. You earn it once per path.',
    image: '/images/badges/path-complete.svg',
    kind: 'path',
  },
}

export const isBadgeId = (value: string): value is BadgeId => (BADGE_IDS as readonly string[]).includes(value)

/** The title a path badge's reason names, from its slug: the slug rule of learning paths
 * (docs/content-format.md) read backwards. */
export const pathTitleFromSlug = (slug: string) => {
  const words = slug.split('-').join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The badge reason of a completed path: once per member and path (src/server/badges/award.ts). */
export const PATH_BADGE_REASON_PREFIX = 'path:'

/** A badge a member holds, as profiles list them. */
export type EarnedBadge = { id: BadgeId; reason: string; awardedAt: string }
