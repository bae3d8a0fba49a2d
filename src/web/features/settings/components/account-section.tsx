import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ACCOUNT_TEXTS, CONFIRM_MISMATCH } from '#shared/account.ts'
import { paths } from '#shared/paths.ts'
import type { SessionUser } from '#shared/user.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { FieldError } from '#web/components/ui/field-error.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { clearSession } from '#web/features/auth/api/session.ts'
import { failureDetail } from '#web/features/challenges/components/failure-detail.ts'
import { deleteAccount, downloadAccountExport } from '#web/features/settings/api/account.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

/**
 * "Your account" on /settings (docs/product.md §2 Settings): download everything held about the member,
 * or delete the account after typing the login.
 */
export function AccountSection({ user }: { user: SessionUser }) {
  const exporting = useMutation({
    mutationFn: () => downloadAccountExport(user.username),
    onError: (error) => {
      console.warn('The export failed:', error)
      const detail = failureDetail(error)
      if (detail !== null)
        toast.error(ACCOUNT_TEXTS.exportFailed, detail ? { description: detail } : undefined)
    },
  })
  return (
    <section
      aria-labelledby="settings-account-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-8"
    >
      <h2 id="settings-account-heading" className="text-lg font-semibold tracking-tight text-slate-900">
        {ACCOUNT_TEXTS.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ACCOUNT_TEXTS.intro}</p>
      <div className="mt-6">
        <button
          type="button"
          disabled={exporting.isPending}
          aria-busy={exporting.isPending || undefined}
          onClick={() => exporting.mutate()}
          className={buttonClasses('secondary', 'md')}
        >
          {exporting.isPending ? <Spinner className="size-4" /> : null}
          {exporting.isPending ? ACCOUNT_TEXTS.exporting : ACCOUNT_TEXTS.exportButton}
        </button>
      </div>
      <DeleteAccount login={user.username} />
    </section>
  )
}

/** "Delete my account", then an inline form: type the login, delete, land on the home page signed out. */
function DeleteAccount({ login }: { login: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const openButton = useRef<HTMLButtonElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const returnFocus = useRef(false)
  const inputId = useId()
  const warningId = useId()
  const errorId = useId()

  const remove = useMutation({
    mutationFn: () => deleteAccount({ confirm: typed }),
    onSuccess: () => {
      clearSession(queryClient)
      navigate(paths.home)
      toast.success(ACCOUNT_TEXTS.deleted)
    },
    onError: (failure) => {
      console.warn('Deleting the account failed:', failure)
      if (failure instanceof ApiError && failure.status === 400) {
        setError(failure.message)
        input.current?.focus()
        return
      }
      const detail = failureDetail(failure)
      if (detail !== null)
        toast.error(ACCOUNT_TEXTS.deleteFailed, detail ? { description: detail } : undefined)
    },
  })

  function close() {
    returnFocus.current = true
    setConfirming(false)
    setTyped('')
    setError(null)
  }

  // Focus follows the step: into the login field when it opens, back to the button after.
  useEffect(() => {
    if (confirming) input.current?.focus()
    else if (returnFocus.current) {
      returnFocus.current = false
      openButton.current?.focus()
    }
  }, [confirming])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (typed.trim().toLowerCase() !== login.toLowerCase()) {
      setError(CONFIRM_MISMATCH)
      input.current?.focus()
      return
    }
    setError(null)
    remove.mutate()
  }

  return (
    <div className="mt-8 border-t border-slate-200 pt-6">
      <p id={warningId} className="text-sm leading-6 text-slate-700">
        {ACCOUNT_TEXTS.deleteWarning}
      </p>
      {confirming ? (
        <form
          noValidate
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !remove.isPending) {
              event.stopPropagation()
              close()
            }
          }}
          className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-4"
        >
          <label htmlFor={inputId} className="block text-sm font-semibold text-rose-900">
            {ACCOUNT_TEXTS.confirmLabel(login)}
          </label>
          <input
            ref={input}
            id={inputId}
            name="confirm"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value)
              if (error) setError(null)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${warningId}` : warningId}
            disabled={remove.isPending}
            className="mt-2 block h-11 w-full max-w-sm rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-ink-700 focus:outline-2 focus:outline-offset-2 focus:outline-accent-400 aria-invalid:border-rose-600"
          />
          {error ? (
            <FieldError id={errorId} className="mt-2 text-sm font-medium text-rose-800">
              {error}
            </FieldError>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              className={buttonClasses('primary', 'sm')}
            >
              {remove.isPending ? <Spinner className="size-4" /> : null}
              {remove.isPending ? ACCOUNT_TEXTS.deleting : ACCOUNT_TEXTS.confirmButton}
            </button>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={close}
              className={buttonClasses('secondary', 'sm')}
            >
              {ACCOUNT_TEXTS.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={openButton}
          type="button"
          onClick={() => setConfirming(true)}
          className={buttonClasses('secondary', 'md', 'mt-4')}
        >
          {ACCOUNT_TEXTS.deleteButton}
        </button>
      )}
    </div>
  )
}
