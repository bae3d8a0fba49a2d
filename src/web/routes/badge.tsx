import { Link, useParams } from 'react-router'
import { BADGES, isBadgeId } from '#shared/badges.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { BadgeImage } from '#web/features/badges/components/badge-image.tsx'
import { notFound, page, serverLoader } from '#web/lib/route-data.ts'
import { Component as NotFound } from '#web/routes/not-found.tsx'

/** /badges/:badgeId: one badge, its picture and how to earn it. */
export function Component() {
  const { badgeId = '' } = useParams()
  if (!isBadgeId(badgeId)) return <NotFound />
  const badge = BADGES[badgeId]
  return (
    <div className="page-container max-w-3xl py-10 sm:py-14">
      <PageTitle>{`${badge.name} badge`}</PageTitle>
      <div className="flex flex-col items-start gap-6 sm:flex-row sm:items-center">
        <BadgeImage id={badgeId} className="size-32" />
        <div>
          <p className="text-sm font-semibold tracking-[0.12em] text-accent-800 uppercase">
            {
              { competition: 'Competition badge', lasting: 'Lasting badge', path: 'Learning path badge' }[
                badge.kind
              ]
            }
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{badge.name}</h1>
          <p className="mt-2 text-base text-slate-700">{badge.summary}</p>
        </div>
      </div>
      <h2 className="mt-10 text-xl font-semibold tracking-tight text-slate-900">How to earn it</h2>
      <p className="mt-2 text-base leading-7 text-slate-700">{badge.howToEarn}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to={
            { competition: paths.competitions, lasting: paths.challenges, path: paths.learningPaths }[
              badge.kind
            ]
          }
          className={buttonClasses('primary', 'md')}
        >
          {
            { competition: 'See the competitions', lasting: 'Browse challenges', path: 'See the paths' }[
              badge.kind
            ]
          }
        </Link>
        <Link to={paths.badges} className={buttonClasses('secondary', 'md')}>
          All badges
        </Link>
      </div>
    </div>
  )
}

export const loader = serverLoader(({ params }) => {
  const badge = params.badgeId ?? ''
  if (!isBadgeId(badge)) return notFound()
  return page({ description: `${BADGES[badge].name}: ${BADGES[badge].howToEarn}` })
})
