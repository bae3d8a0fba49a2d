import type { ReactNode } from 'react'
import { categoryByValue } from '#shared/categories.ts'
import type { Challenge, ListedChallenge } from '#shared/challenge.ts'
import type { ChallengeStatus } from '#shared/constants.ts'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { ChallengeTitleLink, cardFrameClass } from '#web/features/challenges/components/challenge-card.tsx'
import { ChallengeImage } from '#web/features/challenges/components/challenge-image.tsx'
import { DifficultyBadge } from '#web/features/challenges/components/difficulty-badge.tsx'

function solutionsText(count: number): string {
  return count === 1 ? '1 solution' : `${count} solutions`
}

/**
 * The card of the challenge lists (docs/product.md §2 Challenge cards): the member's status when they
 * have one, the desktop, tablet and mobile previews side by side, title, description, category,
 * difficulty and, in the catalogue, the number of listed solutions; `children` follow the description
 * (the member's own work, on their lists).
 */
export function ChallengeListCard({
  challenge,
  status = null,
  children,
}: {
  challenge: Challenge | ListedChallenge
  status?: ChallengeStatus | null
  children?: ReactNode
}) {
  const category = categoryByValue(challenge.category)
  return (
    <article className={cardFrameClass}>
      <div className="relative border-b border-slate-200 bg-gradient-to-br from-slate-100 via-slate-50 to-accent-50 px-4 pt-10 sm:px-5">
        {status ? (
          <span className="absolute top-2.5 left-3">
            <StatusBadge status={status} />
          </span>
        ) : null}
        <div className="flex items-end justify-center gap-2.5 sm:gap-3">
          <ChallengeImage
            src={challenge.thumbnails.desktop}
            alt={`${challenge.title}, desktop design`}
            className="aspect-[16/10] w-[60%] rounded-t-lg border border-b-0 border-slate-300/80 bg-white shadow-sm"
          />
          <ChallengeImage
            src={challenge.thumbnails.tablet}
            alt={`${challenge.title}, tablet design`}
            className="aspect-[3/4] w-[22%] rounded-t-lg border border-b-0 border-slate-300/80 bg-white shadow-sm"
          />
          <ChallengeImage
            src={challenge.thumbnails.mobile}
            alt={`${challenge.title}, mobile design`}
            className="aspect-[9/18] w-[13%] rounded-t-md border border-b-0 border-slate-300/80 bg-white shadow-sm"
          />
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-xs font-semibold tracking-[0.08em] text-accent-800 uppercase">
            {category?.heading}
          </span>
          <DifficultyBadge difficulty={challenge.difficulty} />
        </div>
        <h2 className="mt-3 text-lg font-semibold tracking-tight text-slate-900 group-hover:text-accent-800">
          <ChallengeTitleLink challenge={challenge} />
        </h2>
        <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{challenge.description}</p>
        {'solutionCount' in challenge ? (
          <p
            className="mt-auto pt-4 text-sm font-medium text-slate-700"
            data-solution-count={challenge.solutionCount}
          >
            {solutionsText(challenge.solutionCount)}
          </p>
        ) : null}
        {children}
      </div>
    </article>
  )
}

export function ChallengeListCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div className="flex items-end justify-center gap-3 border-b border-slate-200 bg-slate-50 px-5 pt-10">
        <div className="skeleton aspect-[16/10] w-[60%] rounded-t-lg rounded-b-none" />
        <div className="skeleton aspect-[3/4] w-[22%] rounded-t-lg rounded-b-none" />
        <div className="skeleton aspect-[9/18] w-[13%] rounded-t-md rounded-b-none" />
      </div>
      <div className="space-y-3 p-5">
        <div className="skeleton h-4 w-24 rounded" />
        <div className="skeleton h-5 w-3/4 rounded" />
        <div className="skeleton h-4 w-full rounded" />
        <div className="skeleton h-4 w-5/6 rounded" />
      </div>
    </div>
  )
}
