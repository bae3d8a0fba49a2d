export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { SolutionPage as Component } from '#web/features/solutions/components/solution-page.tsx'
