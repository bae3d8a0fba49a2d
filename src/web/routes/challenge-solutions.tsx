export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { ChallengeSolutionsPage as Component } from '#web/features/solutions/components/challenge-solutions.tsx'
