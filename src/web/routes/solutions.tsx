export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { SolutionsPage as Component } from '#web/features/solutions/components/solutions-page.tsx'
