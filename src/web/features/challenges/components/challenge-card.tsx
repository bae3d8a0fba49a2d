import { Link } from 'react-router'
import { categoryByValue } from '#shared/categories.ts'
import type { Challenge } from '#shared/challenge.ts'
import { paths } from '#shared/paths.ts'
import { ChallengeImage } from '#web/features/challenges/components/challenge-image.tsx'
import { DifficultyBadge } from '#web/features/challenges/components/difficulty-badge.tsx'

/** Shared frame of both cards: the whole card is one link target, with the focus ring drawn on it. */
// The lift on hover moves the card, its shadow and its border only: a background that faded between themes
// would leave the text, which changes at once, on the old theme's colour for a moment.
export const cardFrameClass =
  'group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card transition-[translate,box-shadow,border-color] duration-200 ease-out hover:border-slate-300 hover:shadow-card-hover motion-safe:hover:-translate-y-0.5 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-(--focus-ring)'

/**
 * The title link covers the whole card (its ::after fills it) and carries the challenge as navigation
 * state, so the detail page can show it at once.
 */
export function ChallengeTitleLink({ challenge }: { challenge: Challenge }) {
  return (
    <Link
      to={paths.challenge(challenge.slug)}
      state={{ challenge }}
      className="rounded-sm outline-none after:absolute after:inset-0 after:z-10"
    >
      {challenge.title}
    </Link>
  )
}

/** The challenge card used on Home (New Challenges) and the dashboard: thumbnail, title, text, level. */
export function ChallengeCard({
  challenge,
  headingLevel = 3,
}: {
  challenge: Challenge
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={cardFrameClass}>
      <ChallengeImage
        src={challenge.thumbnails.desktop}
        alt=""
        className="aspect-[16/10] border-b border-slate-200 bg-slate-100"
        imgClassName="size-full object-cover object-top transition-transform duration-500 ease-out motion-safe:group-hover:scale-[1.03]"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-3">
          <DifficultyBadge difficulty={challenge.difficulty} />
          <span className="text-xs font-medium text-slate-500">
            {categoryByValue(challenge.category)?.heading}
          </span>
        </div>
        <Heading className="mt-3.5 text-lg font-semibold tracking-tight text-slate-900 group-hover:text-accent-800">
          <ChallengeTitleLink challenge={challenge} />
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{challenge.description}</p>
      </div>
    </article>
  )
}

/** A card-shaped placeholder while challenges load. */
export function ChallengeCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div className="skeleton aspect-[16/10]" />
      <div className="space-y-3 p-5">
        <div className="skeleton h-5 w-24 rounded-full" />
        <div className="skeleton h-5 w-3/4 rounded" />
        <div className="skeleton h-4 w-full rounded" />
        <div className="skeleton h-4 w-5/6 rounded" />
      </div>
    </div>
  )
}
