import { type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form'
import {
  COMMENT_EMPTY,
  COMMENT_KIND_INVALID,
  COMMENT_KIND_LABELS,
  COMMENT_KINDS,
  COMMENT_MAX_LENGTH,
  COMMENT_TOO_LONG,
  type CommentKind,
} from '#shared/feedback-rule.ts'
import { isBlankText } from '#shared/visible-text.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { FieldError } from '#web/components/ui/field-error.tsx'
import { withCommas } from '#web/features/feedback/format.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

type FormValues = { kind: CommentKind | null; body: string }
export type CommentDraft = { kind: CommentKind; body: string }

/** Characters as the server counts them: code points (docs/product.md §12). */
const commentLength = (body: string) => [...body].length

/** The contract's own checks and texts (src/shared/feedback.ts), so the form says what the server would. */
const resolver: Resolver<FormValues, unknown, CommentDraft> = async (values) => {
  const errors: FieldErrors<FormValues> = {}
  const body = values.body ?? ''
  if (!values.kind || !COMMENT_KINDS.includes(values.kind))
    errors.kind = { type: 'custom', message: COMMENT_KIND_INVALID }
  if (isBlankText(body)) errors.body = { type: 'custom', message: COMMENT_EMPTY }
  else if (commentLength(body) > COMMENT_MAX_LENGTH)
    errors.body = { type: 'custom', message: COMMENT_TOO_LONG }
  if (errors.kind || errors.body || !values.kind) return { values: {} as Record<string, never>, errors }
  return { values: { kind: values.kind, body }, errors: {} }
}

/**
 * A comment's form (docs/product.md §12): what kind it is (Question, Code review, Praise), the Markdown
 * with its count against the limit, and Send (or Save when editing). A refusal of the server shows under
 * the text when it is about the text (400), else as a toast. Escape and Cancel close a reply or an edit.
 */
export function CommentForm({
  label,
  textLabel,
  submitLabel,
  initial,
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  /** The form's accessible name, e.g. "New comment", "Reply to Ada". */
  label: string
  textLabel: string
  submitLabel: string
  initial?: CommentDraft
  autoFocus?: boolean
  /** Resolves once saved; the form empties itself after a new comment. */
  onSubmit: (draft: CommentDraft) => Promise<void>
  onCancel?: () => void
}) {
  const kindErrorId = useId()
  const textId = useId()
  const hintId = useId()
  const countId = useId()
  const bodyErrorId = useId()
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, CommentDraft>({
    resolver,
    defaultValues: { kind: initial?.kind ?? null, body: initial?.body ?? '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  })
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (!autoFocus) return
    // A reply or an edit opens with focus on its kind: the chosen one, else the first.
    const radios = formRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]')
    const checked = [...(radios ?? [])].find((radio) => radio.checked)
    ;(checked ?? radios?.[0])?.focus()
  }, [autoFocus])
  const body = useWatch({ control, name: 'body' }) ?? ''
  const length = commentLength(body)
  const over = length > COMMENT_MAX_LENGTH
  const bodyField = register('body', { onChange: () => clearErrors('body') })

  const submit = handleSubmit(async (draft) => {
    try {
      await onSubmit(draft)
      if (!initial) reset({ kind: null, body: '' })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof ApiError && error.status === 400)
        setError('body', { message }, { shouldFocus: true })
      else toast.error(message)
    }
  })

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault()
      onCancel()
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        if (isSubmitting) event.preventDefault()
        else void submit(event)
      }}
      onKeyDown={onKeyDown}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Kind of comment</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
          {COMMENT_KINDS.map((kind) => {
            const field = register('kind', { onChange: () => clearErrors('kind') })
            return (
              <label
                key={kind}
                className="flex min-h-11 cursor-pointer items-center gap-2 text-base text-slate-800"
              >
                <input
                  {...field}
                  type="radio"
                  value={kind}
                  aria-invalid={errors.kind ? true : undefined}
                  aria-describedby={errors.kind ? kindErrorId : undefined}
                  className="size-4"
                />
                {COMMENT_KIND_LABELS[kind]}
              </label>
            )
          })}
        </div>
        {errors.kind ? (
          <FieldError id={kindErrorId} className="mt-1 text-sm font-medium text-rose-700">
            {errors.kind.message}
          </FieldError>
        ) : null}
      </fieldset>
      <label htmlFor={textId} className="mt-4 block text-sm font-semibold text-slate-900">
        {textLabel}
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        Markdown works.
      </p>
      <textarea
        {...bodyField}
        id={textId}
        rows={4}
        aria-invalid={errors.body || over ? true : undefined}
        aria-describedby={[hintId, countId, errors.body ? bodyErrorId : null].filter(Boolean).join(' ')}
        className={`mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base text-slate-900 shadow-sm focus-visible:outline-offset-0 ${
          errors.body || over ? 'border-rose-600' : 'border-slate-300 hover:border-slate-400'
        }`}
      />
      <p id={countId} className={`mt-1 text-sm ${over ? 'font-medium text-rose-700' : 'text-slate-600'}`}>
        {withCommas(length)} / {withCommas(COMMENT_MAX_LENGTH)} characters
      </p>
      {errors.body ? (
        <FieldError id={bodyErrorId} className="mt-2 text-sm font-medium text-rose-700">
          {errors.body.message}
        </FieldError>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" aria-disabled={isSubmitting || undefined} className={buttonClasses('primary')}>
          {isSubmitting ? 'Sending...' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClasses('secondary')}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  )
}
