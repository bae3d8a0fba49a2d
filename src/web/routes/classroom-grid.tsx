export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { ProgressGridPage as Component } from '#web/features/classrooms/components/progress-grid.tsx'
