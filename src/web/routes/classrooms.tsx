export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { ClassroomsPage as Component } from '#web/features/classrooms/components/classrooms-page.tsx'
