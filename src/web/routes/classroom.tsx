export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { ClassroomPage as Component } from '#web/features/classrooms/components/classroom-page.tsx'
