import type { CategoryInfo } from '#shared/categories.ts'

/** Client routes, in one place so links and tests agree. */
export const paths = {
  home: '/',
  challenges: '/challenges',
  category: (category: Pick<CategoryInfo, 'path'>) => `/challenges/${category.path}`,
  challenge: (slug: string) => `/challenge/${encodeURIComponent(slug)}`,
  challengeSolutions: (slug: string) => `/challenge/${encodeURIComponent(slug)}/solutions`,
  solutions: '/solutions',
  solution: (id: string) => `/solutions/${encodeURIComponent(id)}`,
  needsFeedback: '/needs-feedback',
  competitions: '/competitions',
  badges: '/badges',
  badge: (id: string) => `/badges/${encodeURIComponent(id)}`,
  my: '/my',
  userChallenges: (status: 'ongoing' | 'completed') => `/user-challenges/${status}`,
  leaderboard: '/leaderboard',
  profile: (username: string) => `/profile/${encodeURIComponent(username)}`,
  settings: '/settings',
  notifications: '/notifications',
  admin: '/admin',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  learningPaths: '/paths',
  learningPath: (slug: string) => `/paths/${encodeURIComponent(slug)}`,
} as const
