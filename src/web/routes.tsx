import type { RouteObject } from 'react-router'
import { CHALLENGE_STATUSES } from '#shared/constants.ts'
import { AppLoading } from '#web/components/app-loading.tsx'
import { RootLayout } from '#web/components/root-layout.tsx'
import { RootErrorBoundary } from '#web/components/route-error.tsx'
import { publicConfigQuery } from '#web/lib/public-config.ts'
import { page, type RenderHandle, serverLoader } from '#web/lib/route-data.ts'

/** A public page, rendered on the server (docs/decisions/003-server-rendered-public-pages.md). */
function rendered(module: string, render: RenderHandle['render'], listing?: RenderHandle['listing']) {
  const handle: RenderHandle = { module: `routes/${module}.tsx`, render, ...(listing ? { listing } : {}) }
  return { handle }
}

/** Every page's layout reads the site's configuration (its name, its support address). */
const rootLoader = serverLoader(async (_args, queryClient) => {
  await queryClient.ensureQueryData(publicConfigQuery())
  return page()
})

/**
 * Every route of docs/product.md §2. Pages are thin files in routes/ loaded on demand, so the home route
 * ships only what it needs. The browser (main.tsx) and the server's renderer (entry-server.tsx) share them;
 * the public pages' modules export the loaders the server renders them with (lib/route-data.ts).
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      loader: rootLoader,
      HydrateFallback: AppLoading,
      children: [
        { index: true, lazy: () => import('#web/routes/home.tsx'), ...rendered('home', 'kept', 'all') },
        {
          path: 'challenges',
          lazy: () => import('#web/routes/challenges.tsx'),
          ...rendered('challenges', 'kept', 'all'),
        },
        {
          path: 'challenges/:category',
          lazy: () => import('#web/routes/category.tsx'),
          ...rendered('category', 'kept', 'category'),
        },
        {
          path: 'challenge/:challengeId',
          lazy: () => import('#web/routes/challenge.tsx'),
          ...rendered('challenge', 'kept'),
        },
        {
          path: 'challenge/:challengeId/solutions',
          lazy: () => import('#web/routes/challenge-solutions.tsx'),
          ...rendered('challenge-solutions', 'live'),
        },
        {
          path: 'competitions',
          lazy: () => import('#web/routes/competitions.tsx'),
          ...rendered('competitions', 'live'),
        },
        { path: 'badges', lazy: () => import('#web/routes/badges.tsx'), ...rendered('badges', 'kept') },
        { path: 'paths', lazy: () => import('#web/routes/paths.tsx'), ...rendered('paths', 'kept') },
        { path: 'paths/:slug', lazy: () => import('#web/routes/path.tsx'), ...rendered('path', 'kept') },
        {
          path: 'badges/:badgeId',
          lazy: () => import('#web/routes/badge.tsx'),
          ...rendered('badge', 'kept'),
        },
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
            // Classrooms (docs/product.md §13).
            { path: 'classrooms', lazy: () => import('#web/routes/classrooms.tsx') },
            { path: 'classrooms/:id', lazy: () => import('#web/routes/classroom.tsx') },
            { path: 'classrooms/:id/grid', lazy: () => import('#web/routes/classroom-grid.tsx') },
          ],
        },
        {
          path: 'profile/:username',
          lazy: () => import('#web/routes/profile.tsx'),
          ...rendered('profile', 'live'),
        },
        { path: 'reviews/:reviewId', lazy: () => import('#web/routes/review.tsx') },
        {
          path: 'solutions',
          lazy: () => import('#web/routes/solutions.tsx'),
          ...rendered('solutions', 'live'),
        },
        {
          path: 'solutions/:solutionId',
          lazy: () => import('#web/routes/solution.tsx'),
          ...rendered('solution', 'live'),
        },
        // A classroom's invite link (docs/product.md §13).
        { path: 'join/:code', lazy: () => import('#web/routes/join.tsx') },
        { path: 'needs-feedback', lazy: () => import('#web/routes/needs-feedback.tsx') },
        { path: 'sign-in-failed', lazy: () => import('#web/routes/sign-in-failed.tsx') },
        { path: 'about', lazy: () => import('#web/routes/about.tsx'), ...rendered('about', 'kept') },
        { path: 'terms', lazy: () => import('#web/routes/terms.tsx'), ...rendered('terms', 'kept') },
        { path: 'privacy', lazy: () => import('#web/routes/privacy.tsx'), ...rendered('privacy', 'kept') },
        { path: 'contact', lazy: () => import('#web/routes/contact.tsx'), ...rendered('contact', 'kept') },
        { path: '*', lazy: () => import('#web/routes/not-found.tsx'), ...rendered('not-found', 'live') },
      ],
    },
  ]
}
