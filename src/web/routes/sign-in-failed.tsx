import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { AlertIcon, GithubIcon } from '#web/components/ui/icons.tsx'
import { SIGN_IN_PATH } from '#web/features/auth/sign-in.ts'
import { NoIndex } from '#web/lib/head.tsx'

/**
 * Where the server sends the browser when a GitHub sign-in fails (denied consent, an expired or replayed
 * request, GitHub unreachable). The server logs the reason; the person gets a way forward.
 */
export function Component() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <PageTitle>Login failed</PageTitle>
      <NoIndex />
      <div className="flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-700 ring-1 ring-amber-200">
        <AlertIcon className="size-8" />
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Login failed</h1>
      <p className="mt-3 text-base leading-7 text-slate-600">
        We could not log you in with GitHub. Please try again.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={SIGN_IN_PATH} className={buttonClasses('primary')}>
          <GithubIcon className="size-5" />
          Try again
        </a>
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Go to Home
        </Link>
      </div>
    </div>
  )
}
