export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
/** The layout route of the member pages: sidebar and page. */
export { MemberLayout as Component } from '#web/features/member/components/member-layout.tsx'
