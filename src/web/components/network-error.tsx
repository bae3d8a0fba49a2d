import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { WifiOffIcon } from '#web/components/ui/icons.tsx'

/**
 * The "Network Error" screen (docs/product.md §2, §8). docs/product.md words the message with a full stop for
 * the offline screen and without one for failed challenge loads, so the caller passes its sentence.
 */
export function NetworkError({
  message = 'Check your internet connection and try again.',
  onRetry,
  headingLevel = 1,
  children,
}: {
  message?: string
  onRetry?: () => void
  headingLevel?: 1 | 2
  children?: React.ReactNode
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center sm:py-28">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-rose-50 text-rose-700 ring-1 ring-rose-200">
        <WifiOffIcon className="size-8" />
      </div>
      <Heading className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Network Error</Heading>
      <p className="mt-3 text-base leading-7 text-slate-600">{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={buttonClasses('primary', 'md', 'mt-8')}>
          Try again
        </button>
      ) : null}
      {children}
    </div>
  )
}

/** Replaces the whole app while the browser is offline (docs/product.md §2). */
export function OfflineScreen() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50">
      <div role="alert">
        <NetworkError>
          <p className="mt-6 text-sm text-slate-600">
            This page comes back on its own once you are online again.
          </p>
        </NetworkError>
      </div>
    </main>
  )
}
