import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ClipboardEvent, useId, useState } from 'react'
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { Challenge } from '#shared/challenge.ts'
import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import { liveUrlError, normalizeLiveUrl } from '#shared/live-url-rule.ts'
import { paths } from '#shared/paths.ts'
import type { SessionUser, SubmitResponse } from '#shared/user.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { AlertIcon } from '#web/components/ui/icons.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { updateSessionUser } from '#web/features/auth/api/session.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import { progressKeys, progressQuery, submitSolution } from '#web/features/challenges/api/progress.ts'
import { AchievementDialog } from '#web/features/challenges/components/achievement-dialog.tsx'
import { failureDetail } from '#web/features/challenges/components/failure-detail.ts'
import { memberReviewsQuery, reviewKeys } from '#web/features/reviews/api/reviews.ts'
import { ReviewPanel } from '#web/features/reviews/components/review-panel.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { scrollToTop } from '#web/lib/scroll.ts'
import { toast } from '#web/lib/toast.ts'

type SubmitValues = { liveUrl: string }

/** The server's rule (liveUrlError, shared) on submit, without a schema library in the page's code. */
const liveUrlResolver: Resolver<SubmitValues> = async (values) => {
  const liveUrl = normalizeLiveUrl(values.liveUrl ?? '')
  const message = liveUrlError(liveUrl)
  if (message) return { values: {}, errors: { liveUrl: { type: 'custom', message } } }
  return { values: { liveUrl }, errors: {} } as ResolverResult<SubmitValues>
}

const SUBMIT_FAILED = 'We could not submit your solution. Please try again.'

/**
 * "Submit Solution" while the challenge is ongoing, "Refine and Resubmit" once completed
 * (docs/product.md §2); nothing before the member starts. After a submit the achievement overlay opens;
 * closing it goes to the member's profile.
 */
export function SubmitSolutionSection({ challenge }: { challenge: Challenge }) {
  const session = useSession()
  if (session.status !== 'signed-in') return null
  return <MemberSubmitSection challenge={challenge} user={session.user} />
}

function MemberSubmitSection({ challenge, user }: { challenge: Challenge; user: SessionUser }) {
  const { data: progress } = useQuery(progressQuery(challenge.id))
  const [achievement, setAchievement] = useState<SubmitResponse | null>(null)
  const navigate = useNavigate()
  const headingId = useId()

  if (!progress?.status && !achievement) return null
  const completed = progress?.status === 'completed'

  return (
    <>
      {completed ? <ReviewPanel challengeId={challenge.id} /> : null}
      <section
        aria-labelledby={headingId}
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
      >
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-slate-900">
          {completed ? 'Refine and Resubmit' : 'Submit Solution'}
        </h2>
        <p className="mt-2 text-base leading-7 text-slate-600">
          {completed
            ? 'Made your solution better? Submit its live site again. Your points for this challenge are already counted.'
            : `Deployed your solution on GitHub Pages? Submit its live site to earn ${POINTS_PER_CHALLENGE} points, get feedback on your work and climb the leaderboard.`}
        </p>
        <SubmitSolutionForm
          challengeId={challenge.id}
          submitLabel={completed ? 'Resubmit' : 'Submit'}
          onSubmitted={setAchievement}
        />
        {achievement ? (
          <AchievementDialog
            challengeTitle={challenge.title}
            pointsAwarded={achievement.pointsAwarded}
            onClose={() => {
              setAchievement(null)
              scrollToTop()
              navigate(paths.profile(user.username))
            }}
          />
        ) : null}
      </section>
    </>
  )
}

/**
 * The live-URL form (docs/product.md §5): required, a github.io address; pasting trims and drops trailing
 * slashes; typing clears the error; it resets after a submit; an empty or invalid URL sends nothing. The
 * server checks the same rule and its 400 message is shown on the field; other failures come as a toast.
 */
function SubmitSolutionForm({
  challengeId,
  submitLabel,
  onSubmitted,
}: {
  challengeId: number
  submitLabel: string
  onSubmitted: (result: SubmitResponse) => void
}) {
  const queryClient = useQueryClient()
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: liveUrlResolver,
    defaultValues: { liveUrl: '' },
    // The rule is checked on submit only: while typing, the error is cleared instead (docs/product.md §5).
    reValidateMode: 'onSubmit',
  })
  // A mutation, so a 401 reaches the app-wide handler (signed out, with its own toast).
  const submit = useMutation({ mutationFn: (liveUrl: string) => submitSolution(challengeId, liveUrl) })
  const field = register('liveUrl', { onChange: () => clearErrors('liveUrl') })
  const error = errors.liveUrl?.message

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const input = event.currentTarget
    const text = normalizeLiveUrl(event.clipboardData.getData('text'))
    const end = input.selectionEnd ?? input.value.length
    input.setRangeText(text, input.selectionStart ?? end, end, 'end')
    setValue('liveUrl', input.value, { shouldDirty: true })
    clearErrors('liveUrl')
  }

  const onSubmit = handleSubmit(async ({ liveUrl }) => {
    try {
      const result = await submit.mutateAsync(liveUrl)
      queryClient.setQueryData(progressKeys.one(challengeId), result.progress)
      updateSessionUser(queryClient, result.user)
      // Every submit queues a review: the review panel shows it at once, then reads the list again.
      const review = result.review
      if (review) {
        queryClient.setQueryData(memberReviewsQuery(challengeId).queryKey, (old) =>
          old && old.reviews[0]?.id !== review.id ? { ...old, reviews: [review, ...old.reviews] } : old,
        )
      }
      void queryClient.invalidateQueries({ queryKey: reviewKeys.member(challengeId) })
      reset()
      onSubmitted(result)
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        setError('liveUrl', { type: 'server', message: failure.message }, { shouldFocus: true })
        return
      }
      console.warn('Submitting the solution failed:', failure)
      const detail = failureDetail(failure)
      if (detail !== null) toast.error(SUBMIT_FAILED, { description: detail })
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        Live site URL
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        Your GitHub Pages address (github.io).
      </p>
      <input
        {...field}
        id={inputId}
        type="text"
        inputMode="url"
        autoComplete="url"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder="https://your-username.github.io/project"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onPaste={onPaste}
        className={`mt-2 block h-12 w-full rounded-xl border bg-white px-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-offset-0 ${
          error ? 'border-rose-600' : 'border-slate-300 hover:border-slate-400'
        }`}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="mt-2 flex items-start gap-1.5 text-sm font-medium text-rose-700"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
        className={buttonClasses('primary', 'lg', 'mt-4 w-full')}
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
