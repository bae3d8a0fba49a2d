import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ClipboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import {
  type FieldErrors,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
  useWatch,
} from 'react-hook-form'
import type { Challenge } from '#shared/challenge.ts'
import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import {
  liveUrlError,
  parseLiveUrl,
  parseRepositoryUrl,
  REPOSITORY_URL_INVALID,
  REPOSITORY_URL_PATH,
  repositoryUrlError,
  trimPastedUrl,
} from '#shared/live-url-rule.ts'
import { parseWriteUp, WRITE_UP_NOT_TEXT, WRITE_UP_TOO_LONG } from '#shared/write-up-rule.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { FieldError } from '#web/components/ui/field-error.tsx'
import { FieldLabel } from '#web/components/ui/field-label.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { updateSessionUser } from '#web/features/auth/api/session.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import {
  progressKeys,
  progressQuery,
  type SubmitBody,
  submitSolution,
} from '#web/features/challenges/api/progress.ts'
import { failureDetail } from '#web/features/challenges/components/failure-detail.ts'
import { memberReviewsQuery, reviewKeys } from '#web/features/reviews/api/reviews.ts'
import { ReviewPanel } from '#web/features/reviews/components/review-panel.tsx'
import { solutionKeys } from '#web/features/solutions/api/solutions.ts'
import { WriteUpField } from '#web/features/solutions/components/write-up-field.tsx'
import { VerificationTag } from '#web/features/verification/verification-tag.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'
import { useSettled } from '#web/lib/use-settled.ts'

type SubmitValues = { liveUrl: string; repositoryUrl: string; writeUp: string }
type FieldName = keyof SubmitValues
type UrlFieldName = Exclude<FieldName, 'writeUp'>

/**
 * The server's rules (#shared/live-url-rule.ts) on submit, without a schema library in the page's code:
 * what they understood is what is sent.
 */
const submitResolver: Resolver<SubmitValues, unknown, SubmitBody> = async (values) => {
  const live = parseLiveUrl(values.liveUrl ?? '')
  const typedRepository = (values.repositoryUrl ?? '').trim()
  const repository = typedRepository === '' ? null : parseRepositoryUrl(typedRepository)
  // The write-up's rule (docs/product.md §11): blank sends none, and the solution keeps its own.
  const writeUp = parseWriteUp(values.writeUp ?? '')
  const errors: FieldErrors<SubmitValues> = {}
  if (live.error !== undefined) errors.liveUrl = { type: 'custom', message: live.error }
  if (repository?.error !== undefined) errors.repositoryUrl = { type: 'custom', message: repository.error }
  if (writeUp.error !== undefined) errors.writeUp = { type: 'custom', message: writeUp.error }
  if (live.url === undefined || repository?.error !== undefined || writeUp.error !== undefined)
    return { values: {} as Record<string, never>, errors }
  const body: SubmitBody = repository?.url
    ? { liveUrl: live.url, repositoryUrl: repository.url }
    : { liveUrl: live.url }
  if (writeUp.writeUp) body.writeUp = writeUp.writeUp
  return { values: body, errors: {} }
}

/** Which field a 400 from the server is about: the repository's messages are its own. */
function fieldOfServerMessage(message: string, sent: SubmitBody): { field: FieldName; message: string } {
  const named = /^(liveUrl|repositoryUrl|writeUp): (.*)$/s.exec(message)
  if (named) return { field: named[1] as FieldName, message: named[2] ?? message }
  if (message === WRITE_UP_TOO_LONG || message === WRITE_UP_NOT_TEXT) return { field: 'writeUp', message }
  const aboutRepository =
    message === REPOSITORY_URL_INVALID ||
    message === REPOSITORY_URL_PATH ||
    (liveUrlError(sent.liveUrl) === null && repositoryUrlError(sent.repositoryUrl) === message)
  return { field: aboutRepository ? 'repositoryUrl' : 'liveUrl', message }
}

// The member's current submission and its write-up's edit form: a chunk of its own (docs/product.md §2).
const CurrentSubmission = lazy(() =>
  import('#web/features/challenges/components/current-submission.tsx').then((module) => ({
    default: module.CurrentSubmission,
  })),
)

/** What "Change the address" puts in the form; `at` tells one press from the next. */
type Prefill = { liveUrl: string; repositoryUrl: string; at: number }

const SUBMIT_FAILED = 'We could not submit your solution. Please try again.'
const SUBMITTED = 'Solution submitted: its review has started.'

/**
 * "Submit Solution" while the challenge is ongoing, "Refine and Resubmit" once completed
 * (docs/product.md §2); nothing before the member starts. A submit queues a review, and the review decides
 * the points (docs/product.md §10): the review panel above the form follows it and opens the achievement
 * overlay when one passes.
 */
export function SubmitSolutionSection({ challenge }: { challenge: Challenge }) {
  const session = useSession()
  if (session.status !== 'signed-in') return null
  return <MemberSubmitSection challenge={challenge} />
}

function MemberSubmitSection({ challenge }: { challenge: Challenge }) {
  const { data: progress } = useQuery(progressQuery(challenge.id))
  const headingId = useId()
  const statusRef = useRef<HTMLDivElement>(null)
  const [prefill, setPrefill] = useState<Prefill | null>(null)

  if (!progress?.status) return null
  const completed = progress.status === 'completed'
  const liveUrl = progress.liveUrl

  // After a submit the review is what the member waits for: it comes into view, and its live region
  // takes the focus, on every width (docs/product.md §10).
  const showReview = () => {
    requestAnimationFrame(() => {
      const status = statusRef.current
      if (!status) return
      status.scrollIntoView({ block: 'center' })
      status.focus({ preventScroll: true })
    })
  }

  return (
    <>
      <ReviewPanel
        challengeId={challenge.id}
        challengeTitle={challenge.title}
        statusRef={statusRef}
        onChangeAddress={
          liveUrl
            ? () => setPrefill({ liveUrl, repositoryUrl: progress.repositoryUrl ?? '', at: Date.now() })
            : undefined
        }
      />
      {liveUrl ? (
        <Suspense fallback={null}>
          <CurrentSubmission challengeId={challenge.id} progress={progress} />
        </Suspense>
      ) : null}
      <section
        aria-labelledby={headingId}
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
      >
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-slate-900">
          {completed ? 'Refine and Resubmit' : 'Submit Solution'}
        </h2>
        <p className="mt-2 text-base leading-7 text-slate-600">
          {completed
            ? 'Made your solution better? Submit its live site again for a new review. Your points for this challenge are already counted.'
            : `Published your solution? Submit its live site: a review opens it and compares it with the design, and when the review passes you earn ${POINTS_PER_CHALLENGE} points.`}
        </p>
        <SubmitSolutionForm
          challengeId={challenge.id}
          submitLabel={completed ? 'Resubmit' : 'Submit'}
          prefill={prefill}
          onSubmitted={showReview}
        />
      </section>
    </>
  )
}

/** What a rule understood, when it is not exactly what was typed (a scheme added, a slash dropped...). */
function understood(typed: string, url: string | undefined): string | null {
  const trimmed = typed.trim()
  return trimmed !== '' && url !== undefined && url !== trimmed ? url : null
}

/**
 * The submit form (docs/product.md §5, §11): the live site's URL (required, any static host), the
 * repository's URL (optional) and the write-up (optional Markdown, with a live preview). Pasting trims and drops trailing slashes; under each field a polite note
 * says what the rule understood when that differs from what was typed; typing clears the field's error;
 * the rules run on submit and an invalid value sends nothing; the form resets after a submit. The server
 * checks the same rules and its 400 message is shown on its field; a refused review (429) is shown by the
 * button; other failures come as a toast.
 */
function SubmitSolutionForm({
  challengeId,
  submitLabel,
  prefill,
  onSubmitted,
}: {
  challengeId: number
  submitLabel: string
  /** "Change the address": the current addresses, to change and submit again. */
  prefill: Prefill | null
  onSubmitted: () => void
}) {
  const queryClient = useQueryClient()
  const [limitMessage, setLimitMessage] = useState<string | null>(null)
  const limitId = useId()
  const tagHeadingId = useId()
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubmitValues, unknown, SubmitBody>({
    resolver: submitResolver,
    defaultValues: { liveUrl: '', repositoryUrl: '', writeUp: '' },
    // The rules are checked on submit only: while typing, the error is cleared instead (docs/product.md §5).
    reValidateMode: 'onSubmit',
  })
  // A mutation, so a 401 reaches the app-wide handler (signed out, with its own toast).
  const submit = useMutation({ mutationFn: (body: SubmitBody) => submitSolution(challengeId, body) })

  const [typedLive, typedRepository, typedWriteUp] = useWatch({
    control,
    name: ['liveUrl', 'repositoryUrl', 'writeUp'],
  })
  const liveNote = useSettled(understood(typedLive, parseLiveUrl(typedLive).url), 500)
  const repositoryNote = useSettled(understood(typedRepository, parseRepositoryUrl(typedRepository).url), 500)

  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (!prefill) return
    reset({ liveUrl: prefill.liveUrl, repositoryUrl: prefill.repositoryUrl, writeUp: '' })
    // After the render the reset asks for: the form comes into view with its address selected.
    const frame = requestAnimationFrame(() => {
      const field = formRef.current?.elements.namedItem('liveUrl')
      if (!(field instanceof HTMLInputElement)) return
      field.scrollIntoView({ block: 'center' })
      field.focus({ preventScroll: true })
      field.select()
    })
    return () => cancelAnimationFrame(frame)
  }, [prefill, reset])

  const onPaste = (name: UrlFieldName) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const input = event.currentTarget
    const text = trimPastedUrl(event.clipboardData.getData('text'))
    const end = input.selectionEnd ?? input.value.length
    input.setRangeText(text, input.selectionStart ?? end, end, 'end')
    setValue(name, input.value, { shouldDirty: true })
    clearErrors(name)
  }

  const onSubmit = handleSubmit(async (body) => {
    setLimitMessage(null)
    try {
      const result = await submit.mutateAsync(body)
      queryClient.setQueryData(progressKeys.one(challengeId), result.progress)
      updateSessionUser(queryClient, result.user)
      // Every submit queues a review: the review panel shows it at once, then reads the list again.
      const review = result.review
      queryClient.setQueryData(memberReviewsQuery(challengeId).queryKey, (old) =>
        old && !old.reviews.some((known) => known.id === review.id)
          ? { ...old, reviews: [review, ...old.reviews] }
          : old,
      )
      void queryClient.invalidateQueries({ queryKey: reviewKeys.member(challengeId) })
      // A write-up sent with the submit is the solution's now: the current submission reads it again.
      void queryClient.invalidateQueries({ queryKey: solutionKeys.all })
      reset({ liveUrl: '', repositoryUrl: '', writeUp: '' })
      toast.success(SUBMITTED)
      onSubmitted()
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        const { field, message } = fieldOfServerMessage(failure.message, body)
        setError(field, { type: 'server', message }, { shouldFocus: true })
        return
      }
      if (failure instanceof ApiError && failure.status === 429) {
        // review_limit: nothing was stored, and the message says when the next review is possible.
        setLimitMessage(failure.message)
        return
      }
      console.warn('Submitting the solution failed:', failure)
      const detail = failureDetail(failure)
      if (detail !== null) toast.error(SUBMIT_FAILED, { description: detail })
    }
  })

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5">
      <UrlField
        label="Live site URL"
        hint="Any static host works: GitHub Pages, Netlify, Vercel, Cloudflare Pages, GitLab Pages or your own domain."
        placeholder="https://your-site.netlify.app"
        autoComplete="url"
        field={register('liveUrl', { onChange: () => clearErrors('liveUrl') })}
        error={errors.liveUrl?.message}
        note={liveNote === null ? null : `We'll review ${liveNote}`}
        onPaste={onPaste('liveUrl')}
      />
      <UrlField
        className="mt-5"
        label="Repository URL (optional)"
        hint="Where the code is: GitHub, GitLab, Codeberg or Bitbucket."
        placeholder="https://github.com/you/project"
        autoComplete="off"
        field={register('repositoryUrl', { onChange: () => clearErrors('repositoryUrl') })}
        error={errors.repositoryUrl?.message}
        note={repositoryNote === null ? null : `We'll save ${repositoryNote}`}
        onPaste={onPaste('repositoryUrl')}
      />
      <WriteUpField
        className="mt-5"
        field={register('writeUp', { onChange: () => clearErrors('writeUp') })}
        value={typedWriteUp ?? ''}
        error={errors.writeUp?.message}
      />

      <section aria-labelledby={tagHeadingId} className="mt-6 rounded-xl border border-slate-200 p-4">
        <h3 id={tagHeadingId} className="text-sm font-semibold text-slate-900">
          Not on your own github.io? Add your verification tag
        </h3>
        <div className="mt-1">
          <VerificationTag />
        </div>
      </section>

      {limitMessage ? (
        <FieldError
          id={limitId}
          className="mt-5 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-800"
        >
          {limitMessage}
        </FieldError>
      ) : null}
      <button
        type="submit"
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
        aria-describedby={limitMessage ? limitId : undefined}
        className={buttonClasses('primary', 'lg', limitMessage ? 'mt-3 w-full' : 'mt-5 w-full')}
      >
        {isSubmitting ? (
          <>
            <Spinner className="size-4" />
            Submitting...
          </>
        ) : (
          submitLabel
        )}
      </button>
    </form>
  )
}

/** A URL input with its label, hint, the note of what the rule understood, and its error. */
function UrlField({
  label,
  hint,
  placeholder,
  autoComplete,
  field,
  error,
  note,
  onPaste,
  className = '',
}: {
  label: string
  hint: string
  placeholder: string
  autoComplete: string
  field: UseFormRegisterReturn<UrlFieldName>
  error: string | undefined
  note: string | null
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void
  className?: string
}) {
  const inputId = useId()
  const hintId = useId()
  const noteId = useId()
  const errorId = useId()
  const describedBy = [hintId, note === null ? null : noteId, error ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} hintId={hintId} label={label} hint={hint} />
      <input
        {...field}
        id={inputId}
        type="text"
        inputMode="url"
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onPaste={onPaste}
        className={`mt-2 block h-12 w-full rounded-xl border bg-white px-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-offset-0 ${
          error ? 'border-rose-600' : 'border-slate-300 hover:border-slate-400'
        }`}
      />
      {/* Always in the page, so screen readers announce what it comes to say. */}
      <p
        id={noteId}
        aria-live="polite"
        className={note === null ? 'sr-only' : 'mt-2 text-sm break-all text-slate-700'}
      >
        {note}
      </p>
      {error ? (
        <FieldError id={errorId} className="mt-2 text-sm font-medium text-rose-700">
          {error}
        </FieldError>
      ) : null}
    </div>
  )
}
