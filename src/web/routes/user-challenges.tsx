import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import { CHALLENGE_STATUSES, type ChallengeStatus } from '#shared/constants.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { EmptyState } from '#web/components/ui/empty-state.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { RequireUser } from '#web/features/auth/components/require-user.tsx'
import { challengeGridClass } from '#web/features/challenges/components/challenge-browser.tsx'
import {
  ChallengeListCard,
  ChallengeListCardSkeleton,
} from '#web/features/challenges/components/challenge-list-card.tsx'
import { memberChallengesQuery } from '#web/features/member/api/member.ts'
import { CompletedWork } from '#web/features/member/components/completed-work.tsx'
import { LatestReview } from '#web/features/member/components/latest-review.tsx'
import { NotFoundPage } from '#web/routes/not-found.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** docs/product.md §2 User challenge lists, word for word: each empty list says what to do next. */
const COPY: Record<
  ChallengeStatus,
  { title: string; text: string; empty: string; next: { to: string; label: string } }
> = {
  ongoing: {
    title: 'Ongoing Challenges',
    text: 'Find challenges you are currently working on.',
    empty: 'You have no challenge in progress. Start one from the catalogue and it shows here.',
    next: { to: paths.challenges, label: 'Browse challenges' },
  },
  completed: {
    title: 'Completed Challenges',
    text: 'View the challenges you have successfully completed.',
    empty:
      'You have not completed a challenge yet. A challenge is completed when a review of your live site passes.',
    next: { to: paths.userChallenges('ongoing'), label: 'See your ongoing challenges' },
  },
}

/**
 * /user-challenges/ongoing and /user-challenges/completed, members only. The route table has one route per
 * status (any other is the 404 page, answered 404 by the server); the status is the path's last segment.
 */
export function Component() {
  const { pathname } = useLocation()
  const status = CHALLENGE_STATUSES.find((value) => pathname.replace(/\/+$/, '').endsWith(`/${value}`))
  if (!status) return <NotFoundPage />
  return <RequireUser page="challenges">{() => <UserChallenges status={status} />}</RequireUser>
}

function UserChallenges({ status }: { status: ChallengeStatus }) {
  const list = useQuery(memberChallengesQuery(status))
  const { title, text, empty, next } = COPY[status]

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
          <EmptyState text={empty}>
            <Link to={next.to} className={buttonClasses('primary', 'md')}>
              {next.label}
            </Link>
          </EmptyState>
        ) : (
          <ul className={challengeGridClass}>
            {list.data.map((entry) => (
              <li key={entry.challenge.id} className="card-cell">
                <ChallengeListCard challenge={entry.challenge}>
                  {status === 'completed' ? (
                    <CompletedWork entry={entry} />
                  ) : (
                    // docs/product.md §2 User challenge lists: the newest review's state on each card.
                    <div className="mt-4 border-t border-slate-200 pt-4">
                      <LatestReview review={entry.review} title={entry.challenge.title} />
                    </div>
                  )}
                </ChallengeListCard>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
