import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form'
import type { SolutionUpdate } from '#shared/solution.ts'
import type { Progress } from '#shared/user.ts'
import { parseWriteUp } from '#shared/write-up-rule.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { FieldError } from '#web/components/ui/field-error.tsx'
import { memberReviewsQuery } from '#web/features/reviews/api/reviews.ts'
import { solutionQuery } from '#web/features/solutions/api/solutions.ts'
import { useSaveSolution } from '#web/features/solutions/api/use-save-solution.ts'
import { WriteUpField } from '#web/features/solutions/components/write-up-field.tsx'

/**
 * The member's current submission on the challenge page (docs/product.md §2): the live site, the
 * repository and the write-up, which "Edit" changes without a new review. A chunk of its own, loaded
 * for a member who submitted, so no visitor downloads it.
 */

export const WRITE_UP_SAVED = 'Write-up saved. No new review was started.'
const WRITE_UP_SAVE_FAILED = 'We could not save your write-up. Please try again.'

const linkClasses =
  'rounded-sm break-all font-medium text-accent-800 underline underline-offset-2 hover:no-underline'

/** Only the web's own schemes are links: anything else is shown as text. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url)

export function CurrentSubmission({ challengeId, progress }: { challengeId: number; progress: Progress }) {
  const headingId = useId()
  const reviews = useQuery(memberReviewsQuery(challengeId))
  const solutionId = reviews.data?.solutionId ?? null
  const solution = useQuery({ ...solutionQuery(solutionId ?? ''), enabled: solutionId !== null })
  const [editing, setEditing] = useState(false)
  const editRef = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
  const writeUp = solution.data?.writeUp ?? null

  useEffect(() => {
    if (editing || !returnFocus.current) return
    returnFocus.current = false
    editRef.current?.focus()
  }, [editing])

  const close = () => {
    returnFocus.current = true
    setEditing(false)
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="current-submission"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
    >
      <h2 id={headingId} className="text-lg font-semibold tracking-tight text-slate-900">
        Your submission
      </h2>
      <dl className="mt-4 space-y-4 text-sm">
        <div>
          <dt className="font-semibold text-slate-900">Live site</dt>
          <dd className="mt-1" data-testid="current-live-url">
            <Address url={progress.liveUrl} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Repository</dt>
          <dd className="mt-1" data-testid="current-repository">
            {progress.repositoryUrl ? (
              <Address url={progress.repositoryUrl} />
            ) : (
              <span className="text-slate-600">None</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Write-up</dt>
          <dd className="mt-1">
            {editing && solutionId ? (
              <WriteUpForm solutionId={solutionId} writeUp={writeUp ?? ''} onDone={close} />
            ) : (
              <>
                <p data-testid="current-write-up" className="break-words whitespace-pre-wrap text-slate-700">
                  {solution.isPending && solutionId !== null ? 'Loading...' : (writeUp ?? 'No write-up yet.')}
                </p>
                {solutionId ? (
                  <button
                    ref={editRef}
                    type="button"
                    onClick={() => setEditing(true)}
                    disabled={solution.isPending}
                    className={buttonClasses('secondary', 'md', 'mt-3')}
                  >
                    Edit<span className="sr-only"> the write-up</span>
                  </button>
                ) : null}
              </>
            )}
          </dd>
        </div>
      </dl>
    </section>
  )
}

function Address({ url }: { url: string | null }) {
  if (!url) return <span className="text-slate-600">None</span>
  if (!isWebAddress(url)) return <span className="break-all text-slate-700">{url}</span>
  return (
    <a href={url} target="_blank" rel="noopener noreferrer ugc" className={linkClasses}>
      {url}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

type WriteUpValues = { writeUp: string }

const writeUpResolver: Resolver<WriteUpValues, unknown, SolutionUpdate> = async (values) => {
  const parsed = parseWriteUp(values.writeUp ?? '')
  if (parsed.error === undefined) return { values: { writeUp: parsed.writeUp }, errors: {} }
  const errors: FieldErrors<WriteUpValues> = { writeUp: { type: 'custom', message: parsed.error } }
  return { values: {} as Record<string, never>, errors }
}

/** The write-up's edit form: saved on the solution (PATCH), with no review and none of the day's spent. */
function WriteUpForm({
  solutionId,
  writeUp,
  onDone,
}: {
  solutionId: string
  writeUp: string
  onDone: () => void
}) {
  const failureId = useId()
  const { save, failure } = useSaveSolution(solutionId, {
    saved: WRITE_UP_SAVED,
    failed: WRITE_UP_SAVE_FAILED,
  })
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<WriteUpValues, unknown, SolutionUpdate>({
    resolver: writeUpResolver,
    defaultValues: { writeUp },
    reValidateMode: 'onSubmit',
  })
  const value = useWatch({ control, name: 'writeUp' })

  useEffect(() => {
    setFocus('writeUp')
  }, [setFocus])

  const onSubmit = handleSubmit(async (update) => {
    if (await save(update)) onDone()
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit the write-up">
      <WriteUpField
        field={register('writeUp', { onChange: () => clearErrors('writeUp') })}
        value={value ?? ''}
        error={errors.writeUp?.message}
        previewHeading="Preview of the edited write-up"
      />
      <p className="mt-3 text-sm text-slate-600">Saving the write-up does not start a review.</p>
      {failure ? (
        <FieldError id={failureId} className="mt-3 text-sm font-medium text-rose-700">
          {failure}
        </FieldError>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
          className={buttonClasses('primary', 'md')}
        >
          {isSubmitting ? 'Saving...' : 'Save the write-up'}
        </button>
        <button type="button" onClick={onDone} className={buttonClasses('secondary', 'md')}>
          Cancel
        </button>
      </div>
    </form>
  )
}
