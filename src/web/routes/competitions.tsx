import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { Competition, CompetitionsResponse } from '#shared/competition.ts'
import { COMPETITION_MIN_SCORE } from '#shared/constants.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { TrophyIcon } from '#web/components/ui/icons.tsx'
import { ChallengeCard } from '#web/features/challenges/components/challenge-card.tsx'
import { competitionsQuery } from '#web/features/competitions/api/competitions.ts'
import { CompetitionRanking } from '#web/features/competitions/components/competition-ranking.tsx'
import { CompetitionTime, Countdown } from '#web/features/competitions/components/competition-time.tsx'
import { IllustratedPage } from '#web/features/static/illustrated-page.tsx'
import { brandName, page, serverLoader } from '#web/lib/route-data.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/**
 * /competitions (docs/product.md §2): the running competition and its live ranking, the next ones and past
 * results. The server keeps a weekly competition running (§4), so the "Coming Soon" page, word for word, is
 * left for a server with no challenge to hold one on.
 */
export function Component() {
  const competitions = useQuery(competitionsQuery())
  if (competitions.isPending)
    return (
      <p role="status" className="page-container py-16 text-base text-slate-700">
        Loading competitions...
      </p>
    )
  if (competitions.isError)
    return (
      <p role="alert" className="page-container py-16 text-base text-rose-800">
        Error: {competitions.error.message}
      </p>
    )
  const { running, upcoming, past } = competitions.data
  if (!running && upcoming.length === 0 && past.length === 0) return <ComingSoon />
  return <CompetitionsPage data={competitions.data} />
}

function ComingSoon() {
  return (
    <IllustratedPage
      title="Competitions"
      eyebrow="Competitions"
      heading="Coming Soon"
      illustration="/images/static/competitions.svg"
      actions={
        <Link to={paths.challenges} className={buttonClasses('primary', 'lg')}>
          Browse Challenges
        </Link>
      }
    >
      <p>
        Our next big competition is coming soon. Get ready to put your skills to the test against other
        developers, earn badges and climb the leaderboard.
      </p>
      <p>Until then, keep sharpening your skills with our challenges.</p>
    </IllustratedPage>
  )
}

function CompetitionsPage({ data }: { data: CompetitionsResponse }) {
  const { running, upcoming, past } = data
  return (
    <div className="page-container max-w-5xl space-y-14 py-10 sm:py-14">
      <PageTitle>Competitions</PageTitle>
      <header>
        <p className="text-sm font-semibold tracking-[0.12em] text-accent-800 uppercase">Competitions</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Weekly competitions
        </h1>
        <p className="mt-3 max-w-2xl text-base leading-7 text-slate-700">
          One challenge a week. Submit your live site while the competition runs: the best match score of your
          passed reviews counts, and from {COMPETITION_MIN_SCORE} up you are ranked. Of two equal scores, the
          earlier one ranks higher.
        </p>
      </header>

      {running ? (
        <section aria-labelledby="running-heading" className="space-y-6">
          <div className="surface-ink relative overflow-hidden rounded-3xl p-6 sm:p-8">
            <p className="flex items-center gap-2 text-sm font-semibold tracking-[0.12em] text-accent-300 uppercase">
              <TrophyIcon className="size-4" />
              Running now
            </p>
            <h2
              id="running-heading"
              className="mt-3 text-2xl font-bold tracking-tight text-white sm:text-3xl"
            >
              {running.competition.title}
            </h2>
            <p className="mt-2 text-base text-slate-300">
              Ends <CompetitionTime iso={running.competition.endsAt} />
            </p>
            <div className="mt-2">
              <Countdown iso={running.competition.endsAt} label="Time left:" />
            </div>
            <Link
              to={paths.challenge(running.competition.challenge.slug)}
              className={buttonClasses('accent', 'md', 'mt-6')}
            >
              Take the challenge
            </Link>
          </div>
          <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr] md:items-start">
            <ChallengeCard challenge={running.competition.challenge} />
            {running.ranking.length > 0 ? (
              <CompetitionRanking entries={running.ranking} caption="Live ranking" />
            ) : (
              <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-base leading-7 text-slate-700">
                <h3 className="text-base font-semibold text-slate-900">Live ranking</h3>
                <p className="mt-2">
                  No ranked entry yet. Submit your live site of {running.competition.challenge.title}: passed
                  reviews scoring {COMPETITION_MIN_SCORE} or more appear here.
                </p>
              </div>
            )}
          </div>
        </section>
      ) : null}

      {upcoming.length > 0 ? (
        <section aria-labelledby="upcoming-heading">
          <h2 id="upcoming-heading" className="text-xl font-semibold tracking-tight text-slate-900">
            Coming up
          </h2>
          <ul className="mt-4 space-y-3">
            {upcoming.map((competition) => (
              <li key={competition.slug}>
                <CompetitionSummary competition={competition} when="Starts" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {past.length > 0 ? (
        <section aria-labelledby="past-heading" className="space-y-6">
          <h2 id="past-heading" className="text-xl font-semibold tracking-tight text-slate-900">
            Past results
          </h2>
          {past.map(({ competition, results }) => (
            <article
              key={competition.slug}
              aria-labelledby={`past-${competition.slug}`}
              className="space-y-3"
            >
              <CompetitionSummary
                competition={competition}
                when="Ended"
                headingId={`past-${competition.slug}`}
              />
              {results.length > 0 ? (
                <CompetitionRanking entries={results} caption={`Results: ${competition.title}`} />
              ) : (
                <p className="text-sm text-slate-600">No entry reached a score of {COMPETITION_MIN_SCORE}.</p>
              )}
            </article>
          ))}
        </section>
      ) : null}
    </div>
  )
}

function CompetitionSummary({
  competition,
  when,
  headingId,
}: {
  competition: Competition
  when: 'Starts' | 'Ended'
  headingId?: string
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {competition.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        <Link
          to={paths.challenge(competition.challenge.slug)}
          className="rounded-sm font-medium text-accent-800 underline underline-offset-4 hover:no-underline"
        >
          {competition.challenge.title}
        </Link>
        {' · '}
        {when} <CompetitionTime iso={when === 'Starts' ? competition.startsAt : competition.endsAt} />
      </p>
    </div>
  )
}

export const loader = serverLoader(async (_args, queryClient) => {
  await queryClient.ensureQueryData(competitionsQuery())
  return page({
    description: `Weekly ${await brandName(queryClient)} competitions: the running one, its live ranking and past results.`,
  })
})
