import type { RouteObject } from 'react-router'
import { CHALLENGE_STATUSES } from '#shared/constants.ts'
import { AppLoading } from '#web/components/app-loading.tsx'
import { RootLayout } from '#web/components/root-layout.tsx'
import { RootErrorBoundary } from '#web/components/route-error.tsx'

/**
 * Every route of docs/product.md §2. Pages are thin files in routes/ loaded on demand, so the home route
 * ships only what it needs. The browser (main.tsx) and the server's renderer (entry-server.tsx) share them.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: AppLoading,
      children: [
        { index: true, lazy: () => import('#web/routes/home.tsx') },
        { path: 'challenges', lazy: () => import('#web/routes/challenges.tsx') },
        { path: 'challenges/:category', lazy: () => import('#web/routes/category.tsx') },
        { path: 'challenge/:challengeId', lazy: () => import('#web/routes/challenge.tsx') },
        {
          path: 'challenge/:challengeId/solutions',
          lazy: () => import('#web/routes/challenge-solutions.tsx'),
        },
        { path: 'competitions', lazy: () => import('#web/routes/competitions.tsx') },
        { path: 'badges', lazy: () => import('#web/routes/badges.tsx') },
        { path: 'badges/:badgeId', lazy: () => import('#web/routes/badge.tsx') },
        {
          // The member pages share the member sidebar.
          lazy: () => import('#web/routes/member-area.tsx'),
          children: [
            { path: 'my', lazy: () => import('#web/routes/my.tsx') },
            // One route per status: any other status is no route at all, so the server answers it 404
            // with the 404 page, as it does every unknown path (docs/product.md §2).
            ...CHALLENGE_STATUSES.map((status) => ({
              path: `user-challenges/${status}`,
              lazy: () => import('#web/routes/user-challenges.tsx'),
            })),
            { path: 'leaderboard', lazy: () => import('#web/routes/leaderboard.tsx') },
            { path: 'settings', lazy: () => import('#web/routes/settings.tsx') },
            { path: 'notifications', lazy: () => import('#web/routes/notifications.tsx') },
            { path: 'admin', lazy: () => import('#web/routes/admin.tsx') },
          ],
        },
        { path: 'profile/:username', lazy: () => import('#web/routes/profile.tsx') },
        { path: 'reviews/:reviewId', lazy: () => import('#web/routes/review.tsx') },
        { path: 'solutions', lazy: () => import('#web/routes/solutions.tsx') },
        { path: 'solutions/:solutionId', lazy: () => import('#web/routes/solution.tsx') },
        { path: 'needs-feedback', lazy: () => import('#web/routes/needs-feedback.tsx') },
        { path: 'sign-in-failed', lazy: () => import('#web/routes/sign-in-failed.tsx') },
        { path: 'about', lazy: () => import('#web/routes/about.tsx') },
        { path: 'terms', lazy: () => import('#web/routes/terms.tsx') },
        { path: 'privacy', lazy: () => import('#web/routes/privacy.tsx') },
        { path: 'contact', lazy: () => import('#web/routes/contact.tsx') },
        { path: '*', lazy: () => import('#web/routes/not-found.tsx') },
      ],
    },
  ]
}
