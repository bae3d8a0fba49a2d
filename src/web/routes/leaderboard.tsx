import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import type { Leaderboard, LeaderboardEntry } from '#shared/member.ts'
import { paths } from '#shared/paths.ts'
import type { LeaderboardPeriod } from '#shared/periods.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { LockIcon, TrophyIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useSignInHref } from '#web/features/auth/sign-in.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import { leaderboardQuery, leaderboardSearch } from '#web/features/member/api/member.ts'
import { LeaderboardAvatar } from '#web/features/member/components/leaderboard-avatar.tsx'
import { RankCell, RankedMemberLink, RankingTable } from '#web/features/member/components/ranking-table.tsx'
import { SolutionLink } from '#web/features/solutions/components/solution-link.tsx'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

const ACCESS_DENIED =
  'Access Denied: You need to log in to view the leaderboard. Please log in to see the top performers and track your progress.'
const NO_SCORERS =
  'No top scorers yet! Be the first to complete challenges and earn your spot on the leaderboard.'

const PERIODS: ReadonlyArray<{ value: LeaderboardPeriod; label: string }> = [
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'all', label: 'All time' },
]

const NO_SCORERS_THIS: Record<Exclude<LeaderboardPeriod, 'all'>, string> = {
  week: 'Nobody has earned points this week yet. Weeks start on Monday at 00:00 UTC.',
  month: 'Nobody has earned points this month yet. Months start on the 1st at 00:00 UTC.',
}

/**
 * /leaderboard (docs/product.md §2): members see the top user and the top 10; visitors are told to log in,
 * with a sign-in that comes back here (period included).
 */
export function Component() {
  const session = useSession()
  const signInHref = useSignInHref()
  return (
    <div className="page-container max-w-5xl py-10 sm:py-14">
      <PageTitle>Leaderboard</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Leaderboard</h1>
      {session.status === 'loading' ? (
        <LeaderboardSkeleton />
      ) : session.status === 'signed-out' ? (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-6 sm:flex-row sm:items-center">
          <LockIcon className="size-8 shrink-0 text-amber-800" />
          <p className="flex-1 text-base leading-7 text-amber-950">{ACCESS_DENIED}</p>
          <a href={signInHref} className={buttonClasses('primary', 'md', 'shrink-0')}>
            Login with GitHub
          </a>
        </div>
      ) : (
        <MemberLeaderboard />
      )}
    </div>
  )
}

const COLUMNS = [
  { label: 'Avatar', className: 'w-14 px-1 py-3 sm:w-16', hidden: true },
  { label: 'Name', className: 'px-3 py-3' },
  { label: 'Username', className: 'hidden px-3 py-3 sm:table-cell' },
  { label: 'Points', className: 'w-16 px-3 py-3 text-right sm:w-24 sm:px-6' },
] as const

function MemberLeaderboard() {
  const [search] = useSearchParams()
  const period = PERIODS.find((p) => p.value === search.get('period'))?.value ?? 'all'
  return (
    <>
      <p className="mt-3 max-w-2xl text-base leading-7 text-slate-600">
        Points come from passed reviews: every challenge counted here was reviewed on its member's own live
        site.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <FilterLinks label="Period" options={PERIODS} current={period} searchOf={leaderboardSearch} />
      </div>
      <LeaderboardOf period={period} />
    </>
  )
}

/**
 * Which ranking to show (docs/product.md §2), as links in the address (a reload or a shared link keeps
 * it): this week, this month or all time.
 */
function FilterLinks<T extends string>({
  label,
  options,
  current,
  searchOf,
}: {
  label: string
  options: ReadonlyArray<{ value: T; label: string }>
  current: T
  searchOf: (value: T) => string
}) {
  return (
    <nav aria-label={label}>
      <ul className="inline-flex flex-wrap gap-1 rounded-full border border-slate-200 bg-white p-1 shadow-card">
        {options.map(({ value, label: text }) => (
          <li key={value}>
            <Link
              to={{ search: searchOf(value) }}
              replace
              aria-current={value === current ? 'page' : undefined}
              className={`block rounded-full px-4 py-2 text-sm font-semibold ${
                value === current ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function LeaderboardOf({ period }: { period: LeaderboardPeriod }) {
  const board = useQuery(leaderboardQuery(period))
  if (board.isPending) return <LeaderboardSkeleton />
  if (board.isError)
    return (
      <p
        role="alert"
        className="mt-8 rounded-2xl border border-rose-200 bg-rose-50 p-6 text-base text-rose-800"
      >
        Error: {board.error.message}
      </p>
    )
  if (!board.data.top || board.data.entries.length === 0)
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <TrophyIcon className="mx-auto size-10 text-slate-500" />
        <p className="mx-auto mt-4 max-w-md text-base leading-7 text-slate-700">
          {period === 'all' ? NO_SCORERS : NO_SCORERS_THIS[period]}
        </p>
        <Link to={paths.challenges} className={buttonClasses('primary', 'md', 'mt-6')}>
          Browse challenges
        </Link>
      </div>
    )
  return <Board board={board.data} top={board.data.top} />
}

function Board({ board, top }: { board: Leaderboard; top: LeaderboardEntry }) {
  return (
    <>
      <TopCard entry={top} />
      <RankingTable caption="Top 10" columns={COLUMNS} className="mt-8" fixed>
        {board.entries.map((entry) => (
          <tr key={entry.username} className="hover:bg-slate-50">
            <RankCell rank={entry.rank} />
            <td className="px-1 py-3">
              <LeaderboardAvatar entry={entry} className="size-9" />
            </td>
            <td className="px-3 py-3">
              <RankedMemberLink entry={entry} className="py-0.5" />
              <span className="block truncate text-slate-600 sm:hidden">@{entry.username}</span>
              {entry.solutionId ? (
                <SolutionLink
                  id={entry.solutionId}
                  label={entry.name?.trim() || entry.username}
                  className="mt-0.5 flex min-h-6 max-w-full items-center truncate rounded-sm text-xs font-semibold text-accent-800 underline-offset-4 hover:underline"
                >
                  Latest solution
                </SolutionLink>
              ) : null}
            </td>
            <td className="hidden truncate px-3 py-3 text-slate-600 sm:table-cell">@{entry.username}</td>
            <td className="px-3 py-3 text-right font-semibold text-slate-900 tabular-nums sm:px-6">
              {entry.points}
            </td>
          </tr>
        ))}
      </RankingTable>
    </>
  )
}

function TopCard({ entry }: { entry: LeaderboardEntry }) {
  const name = entry.name?.trim() || entry.username
  return (
    <section
      aria-labelledby="top-user-heading"
      className="surface-ink relative mt-8 overflow-hidden rounded-3xl p-6 sm:p-8"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-20 h-64 w-80 rounded-full bg-accent-500/20 blur-3xl"
      />
      <h2
        id="top-user-heading"
        className="relative flex items-center gap-2 text-sm font-semibold tracking-[0.12em] text-accent-300 uppercase"
      >
        <TrophyIcon className="size-4" />
        Top performer
      </h2>
      <div className="relative mt-5 flex flex-col gap-6 sm:flex-row sm:items-center">
        <LeaderboardAvatar entry={entry} className="size-20 ring-4 ring-white/10" />
        <div className="min-w-0 flex-1">
          <Link
            to={paths.profile(entry.username)}
            className="block truncate rounded-sm text-2xl font-bold tracking-tight text-white underline-offset-4 hover:underline"
          >
            {name}
          </Link>
          <p className="truncate text-base text-slate-300">@{entry.username}</p>
          {entry.solutionId ? (
            <SolutionLink
              id={entry.solutionId}
              label={name}
              className="mt-1 inline-block rounded-sm text-sm font-semibold text-accent-300 underline underline-offset-4 hover:text-white"
            >
              Latest solution
            </SolutionLink>
          ) : null}
        </div>
        <dl className="grid grid-cols-3 gap-3 text-center sm:w-80">
          <TopStat label="Rank" value={`#${entry.rank}`} />
          <TopStat label="Points" value={String(entry.points)} />
          <TopStat label="Submissions" value={String(entry.submission)} />
        </dl>
      </div>
    </section>
  )
}

function TopStat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl bg-white/5 px-2 py-3 ring-1 ring-white/10">
      <dt className="mt-1 text-xs font-medium text-slate-300">{label}</dt>
      <dd className="text-2xl font-bold text-white tabular-nums">{value}</dd>
    </div>
  )
}

function LeaderboardSkeleton() {
  return (
    <div className="mt-8">
      <p role="status" className="sr-only">
        Loading the leaderboard...
      </p>
      <div aria-hidden="true" className="space-y-4">
        <Skeleton className="h-40 rounded-3xl" />
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    </div>
  )
}
