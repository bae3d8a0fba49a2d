import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { CHALLENGE_STATUSES, type ChallengeStatus } from '#shared/constants.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'
import { challengeGridClass } from '#web/features/challenges/components/challenge-browser.tsx'
import {
  ChallengeListCard,
  ChallengeListCardSkeleton,
} from '#web/features/challenges/components/challenge-list-card.tsx'
import { memberChallengesQuery } from '#web/features/member/api/member.ts'
import { CompletedWork } from '#web/features/member/components/completed-work.tsx'
import { NotFoundPage } from '#web/routes/not-found.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** docs/product.md §2 User challenge lists, word for word. */
const COPY: Record<ChallengeStatus, { title: string; text: string }> = {
  ongoing: { title: 'Ongoing Challenges', text: 'Find challenges you are currently working on.' },
  completed: {
    title: 'Completed Challenges',
    text: 'View the challenges you have successfully completed.',
  },
}

function isStatus(value: string | undefined): value is ChallengeStatus {
  return (CHALLENGE_STATUSES as readonly (string | undefined)[]).includes(value)
}

/** /user-challenges/:status, members only: ongoing or completed; any other status is the 404 page. */
export function Component() {
  const { status } = useParams()
  if (!isStatus(status)) return <NotFoundPage />
  return <RequireUser page="challenges">{() => <UserChallenges status={status} />}</RequireUser>
}

function UserChallenges({ status }: { status: ChallengeStatus }) {
  const list = useQuery(memberChallengesQuery(status))
  const { title, text } = COPY[status]

  return (
    <div className="page-container max-w-6xl py-10 sm:py-14">
      <PageTitle>{title}</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-base text-slate-600">{text}</p>

      <div className="mt-8">
        {list.isPending ? (
          <>
            <p role="status" className="mb-6 flex items-center gap-2 text-sm font-medium text-slate-600">
              <Spinner className="size-4" />
              Loading challenges...
            </p>
            <div className={challengeGridClass}>
              <ChallengeListCardSkeleton />
              <ChallengeListCardSkeleton />
            </div>
          </>
        ) : list.isError ? (
          <p
            role="alert"
            className="rounded-2xl border border-rose-200 bg-rose-50 p-6 text-base text-rose-800"
          >
            Error: {list.error.message}
          </p>
        ) : list.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-base text-slate-600">
            No challenges found at the moment.
          </p>
        ) : (
          <ul className={challengeGridClass}>
            {list.data.map((entry) => (
              <li key={entry.challenge.id} className="card-cell">
                <ChallengeListCard challenge={entry.challenge}>
                  {status === 'completed' ? <CompletedWork entry={entry} /> : null}
                </ChallengeListCard>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
