import { useEffect } from 'react'
import { Link, useRouteError } from 'react-router'
import { paths } from '#shared/paths.ts'
import { LogoMark } from '#web/components/logo.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { AlertIcon } from '#web/components/ui/icons.tsx'

/** What a page shows when it throws while rendering or its code fails to load. */
export function RouteError() {
  const error = useRouteError()
  // Production builds of the router stay silent; the console is where a bug report starts.
  useEffect(() => console.error(error), [error])
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-700 ring-1 ring-amber-200">
        <AlertIcon className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-base leading-7 text-slate-600">
        This page could not be shown. Reloading usually fixes it; if it keeps happening, head back home.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonClasses('primary')}>
          Reload page
        </button>
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Go to Home
        </Link>
      </div>
    </div>
  )
}

/** The root route's error element: the layout itself failed, so it stands on its own. */
export function RootErrorBoundary() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50">
      <LogoMark className="size-10" />
      <RouteError />
    </main>
  )
}
