import { Spinner } from '#web/components/ui/spinner.tsx'

/**
 * Shown on the very first load while the first page's code arrives (React Router's HydrateFallback):
 * the navbar's dark band and a quiet spinner, so the page never flashes blank.
 */
export function AppLoading() {
  return (
    <div className="min-h-screen">
      <div className="surface-ink h-16 border-b border-white/10" />
      <p role="status" className="flex items-center justify-center gap-3 py-24 text-slate-600">
        <Spinner />
        <span>Loading...</span>
      </p>
    </div>
  )
}
