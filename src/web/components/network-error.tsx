import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { AlertIcon, WifiOffIcon } from '#web/components/ui/icons.tsx'
import { ApiError, NetworkError as NoAnswer } from '#web/lib/api-client.ts'
import { checkConnection, focusBeforeLoss, useConnectionLost } from '#web/lib/connection.ts'
import { useScrollLock } from '#web/lib/use-scroll-lock.ts'

/** docs/product.md §2 "Every page" and §8, word for word. */
export const CONNECTION_TEXTS = {
  heading: 'Network Error',
  message: 'Check your internet connection and try again.',
  comesBack: 'This page comes back on its own once you are online again.',
  retry: 'Try again',
  retrying: 'Trying again...',
  stillLost: 'Still no connection.',
  serverHeading: 'Something went wrong',
  serverMessage: 'Our server could not answer this time. Your connection is fine; please try again.',
  refusedMessage: 'This page could not be shown.',
} as const

/**
 * The "Network Error" screen (docs/product.md §2, §8). docs/product.md words the message with a full stop for
 * the offline screen and without one for failed challenge loads, so the caller passes its sentence.
 */
export function NetworkError({
  message = CONNECTION_TEXTS.message,
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
      <Heading className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        {CONNECTION_TEXTS.heading}
      </Heading>
      <p className="mt-3 text-base leading-7 text-slate-600">{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={buttonClasses('primary', 'md', 'mt-8')}>
          {CONNECTION_TEXTS.retry}
        </button>
      ) : null}
      {children}
    </div>
  )
}

/**
 * A server that answered with an error (a 5xx, an answer that could not be read): `Something went wrong`
 * with `Try again`, never "Network Error", since the connection worked (docs/product.md §8).
 */
function ServerError({
  onRetry,
  headingLevel,
  message,
}: {
  onRetry: () => void
  headingLevel: 1 | 2
  message: string
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center sm:py-28">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-700 ring-1 ring-amber-200">
        <AlertIcon className="size-8" />
      </div>
      <Heading className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
        {CONNECTION_TEXTS.serverHeading}
      </Heading>
      <p className="mt-3 text-base leading-7 text-slate-600">{message}</p>
      <button type="button" onClick={onRetry} className={buttonClasses('primary', 'md', 'mt-8')}>
        {CONNECTION_TEXTS.retry}
      </button>
    </div>
  )
}

/**
 * What a page or a list shows when its data could not be read: the Network Error screen (with the caller's
 * sentence) when the request got no answer, `Something went wrong` when the server answered with an error:
 * a server failure (5xx) says so, a refusal (4xx) gives the API's own message, never blaming the server.
 * A page's own (heading level 1) also names the page's title after it.
 */
export function LoadError({
  error,
  onRetry,
  message,
  headingLevel = 1,
}: {
  error: unknown
  onRetry: () => void
  message?: string
  headingLevel?: 1 | 2
}) {
  const noAnswer = error instanceof NoAnswer
  return (
    <>
      {headingLevel === 1 ? (
        <PageTitle>{noAnswer ? CONNECTION_TEXTS.heading : CONNECTION_TEXTS.serverHeading}</PageTitle>
      ) : null}
      {noAnswer ? (
        <NetworkError headingLevel={headingLevel} onRetry={onRetry} {...(message ? { message } : {})} />
      ) : (
        <ServerError
          headingLevel={headingLevel}
          onRetry={onRetry}
          message={
            error instanceof ApiError && error.status >= 400 && error.status < 500
              ? `${CONNECTION_TEXTS.refusedMessage} ${error.message}`
              : CONNECTION_TEXTS.serverMessage
          }
        />
      )}
    </>
  )
}

/**
 * The Network Error dialog (docs/product.md §2 "Every page"): while the connection is lost it shows over
 * the app, which stays mounted underneath, so what was typed is still there when the connection is back. A
 * native modal <dialog>: the browser makes the page behind inert, keeps focus inside and announces it
 * by its heading and message. Escape puts it away until the connection is lost again. When the connection
 * is back (the `online` event, or `Try again` reaching the server) it goes, focus returns where it was, and
 * what failed to load meanwhile is asked for again.
 */
export function OfflineDialog() {
  const lost = useConnectionLost()
  const queryClient = useQueryClient()
  const [dismissed, setDismissed] = useState(false)
  const wasLost = useRef(false)

  useEffect(() => {
    if (lost) {
      wasLost.current = true
      return
    }
    setDismissed(false)
    if (!wasLost.current) return
    wasLost.current = false
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' })
  }, [lost, queryClient])

  if (!lost || dismissed) return null
  return <OfflineModal onDismiss={() => setDismissed(true)} />
}

function OfflineModal({ onDismiss }: { onDismiss: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const id = useId()
  const [retrying, setRetrying] = useState(false)
  const [stillLost, setStillLost] = useState(false)
  useScrollLock(true)

  useEffect(() => {
    const before = focusBeforeLoss()
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (dialog?.open) dialog.close()
      if (before?.isConnected) before.focus()
    }
  }, [])

  const retry = async () => {
    if (retrying) return
    setRetrying(true)
    setStillLost(false)
    // Back: the dialog goes (this component with it).
    if (await checkConnection()) return
    setRetrying(false)
    setStillLost(true)
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-message`}
      onCancel={onDismiss}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] max-w-none rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-ink-950/60 open:motion-safe:animate-dialog-in"
    >
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <div className="flex size-16 items-center justify-center rounded-2xl bg-rose-50 text-rose-700 ring-1 ring-rose-200">
          <WifiOffIcon className="size-8" />
        </div>
        <h2 id={`${id}-heading`} className="mt-6 text-3xl font-bold tracking-tight text-slate-900">
          {CONNECTION_TEXTS.heading}
        </h2>
        <div id={`${id}-message`}>
          <p className="mt-3 text-base leading-7 text-slate-600">{CONNECTION_TEXTS.message}</p>
          <p className="mt-3 text-sm text-slate-600">{CONNECTION_TEXTS.comesBack}</p>
        </div>
        <button
          type="button"
          onClick={retry}
          aria-disabled={retrying}
          className={buttonClasses('primary', 'md', 'mt-8 aria-disabled:opacity-70')}
        >
          {retrying ? CONNECTION_TEXTS.retrying : CONNECTION_TEXTS.retry}
        </button>
        <p role="status" className="mt-4 min-h-5 text-sm font-medium text-rose-800">
          {stillLost ? CONNECTION_TEXTS.stillLost : ''}
        </p>
      </div>
    </dialog>
  )
}
