import type { Challenge } from '#shared/challenge.ts'
import type { ProfilePage } from '#shared/member.ts'

/** A whole challenge as the API answers it, for tests that render its pages; `fields` replace its own. */
export function challengeFixture(fields: Partial<Challenge> = {}): Challenge {
  return {
    id: 7,
    slug: 'Card-Grid',
    title: 'Card Grid',
    description: 'A grid of cards.',
    category: 'features',
    difficulty: 'easy',
    templateImg: '/files/challenges/7/desktop.png',
    tabletImg: '/files/challenges/7/tablet.png',
    mobileImg: '/files/challenges/7/mobile.png',
    thumbnails: {
      desktop: '/files/challenges/7/desktop-thumb.webp',
      tablet: '/files/challenges/7/tablet-thumb.webp',
      mobile: '/files/challenges/7/mobile-thumb.webp',
    },
    designs: { views: [], states: [] },
    publishedAt: '2026-10-01T00:00:00.000Z',
    ...fields,
  }
}

/** A member's public profile as GET /api/users/:username answers it, with nothing earned; `fields` replace its own. */
export function profilePageFixture(fields: Partial<ProfilePage['profile']> = {}): ProfilePage {
  return {
    profile: {
      id: 'u1',
      username: 'eve',
      name: 'Eve',
      avatarUrl: null,
      bio: null,
      points: 0,
      submission: 0,
      submitted: 0,
      githubUrl: null,
      linkedinUrl: null,
      helpfulComments: 0,
      ...fields,
    },
    badges: [],
    submissions: [],
  }
}
