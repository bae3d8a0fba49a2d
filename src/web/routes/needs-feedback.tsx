export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { NeedsFeedbackPage as Component } from '#web/features/feedback/components/needs-feedback-page.tsx'
