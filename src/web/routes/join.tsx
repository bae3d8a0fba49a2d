export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { JoinPage as Component } from '#web/features/classrooms/components/join-page.tsx'
