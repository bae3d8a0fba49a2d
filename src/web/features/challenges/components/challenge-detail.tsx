import { lazy, Suspense } from 'react'
import { Link, NavLink } from 'react-router'
import { categoryByValue } from '#shared/categories.ts'
import type { Challenge } from '#shared/challenge.ts'
import { paths } from '#shared/paths.ts'
import { ChevronRightIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useSession } from '#web/features/auth/use-session.ts'
import { AssetList } from '#web/features/challenges/components/asset-list.tsx'
import { DesignPreview } from '#web/features/challenges/components/design-preview.tsx'
import { DifficultyBadge } from '#web/features/challenges/components/difficulty-badge.tsx'
import { StartAction } from '#web/features/challenges/components/start-action.tsx'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'

// Only members can submit: visitors (and the server's render) never load the form and its library.
const SubmitSolutionSection = lazy(() =>
  import('#web/features/challenges/components/submit-solution.tsx').then((module) => ({
    default: module.SubmitSolutionSection,
  })),
)

function SubmitSolutionSlot({ challenge }: { challenge: Challenge }) {
  const session = useSession()
  if (session.status !== 'signed-in') return null
  return (
    <Suspense fallback={null}>
      <SubmitSolutionSection challenge={challenge} />
    </Suspense>
  )
}

/**
 * The challenge page (docs/product.md §2 Challenge detail): header, design preview, description, assets,
 * start.
 */
export function ChallengeDetail({ challenge }: { challenge: Challenge }) {
  return (
    <>
      <ChallengeHeader challenge={challenge} section="overview" />

      <div className="page-container grid gap-8 py-8 sm:py-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <HydrateLater>
          <section aria-labelledby="preview-heading" className="min-w-0">
            <h2 id="preview-heading" className="sr-only">
              Design preview
            </h2>
            <DesignPreview challenge={challenge} />
          </section>
        </HydrateLater>

        <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <section
            aria-labelledby="about-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
          >
            <h2 id="about-heading" className="text-lg font-semibold tracking-tight text-slate-900">
              About this challenge
            </h2>
            <p className="mt-3 text-base leading-7 text-slate-600">{challenge.description}</p>
            <StartAction challenge={challenge} />
          </section>
          <SubmitSolutionSlot challenge={challenge} />
          <HydrateLater>
            <section
              aria-labelledby="assets-heading"
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
            >
              <h2 id="assets-heading" className="text-lg font-semibold tracking-tight text-slate-900">
                Assets included
              </h2>
              <div className="mt-4">
                <AssetList challengeId={challenge.id} headingId="assets-heading" />
              </div>
            </section>
          </HydrateLater>
        </div>
      </div>
    </>
  )
}

/**
 * The challenge's header, shared by its overview and its Solutions tab (docs/product.md §2, §11):
 * breadcrumb, title, category, difficulty and the links between the two.
 */
export function ChallengeHeader({
  challenge,
  section,
}: {
  challenge: Challenge
  section: 'overview' | 'solutions'
}) {
  const category = categoryByValue(challenge.category)
  return (
    <HydrateLater>
      <header className="border-b border-slate-200 bg-slate-50">
        <div className="page-container pt-8 sm:pt-12">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
              <li>
                <Link to={paths.challenges} className="rounded hover:text-slate-900 hover:underline">
                  Challenges
                </Link>
              </li>
              {category ? (
                <li className="flex items-center gap-1.5">
                  <ChevronRightIcon className="size-3.5 text-slate-400" />
                  <Link
                    to={paths.category(category)}
                    className="rounded hover:text-slate-900 hover:underline"
                  >
                    {category.heading}
                  </Link>
                </li>
              ) : null}
              <li className="flex min-w-0 items-center gap-1.5">
                <ChevronRightIcon className="size-3.5 text-slate-400" />
                {section === 'overview' ? (
                  <span aria-current="page" className="truncate font-medium text-slate-900">
                    {challenge.title}
                  </span>
                ) : (
                  <Link
                    to={paths.challenge(challenge.slug)}
                    className="truncate rounded hover:text-slate-900 hover:underline"
                  >
                    {challenge.title}
                  </Link>
                )}
              </li>
              {section === 'solutions' ? (
                <li className="flex items-center gap-1.5">
                  <ChevronRightIcon className="size-3.5 text-slate-400" />
                  <span aria-current="page" className="font-medium text-slate-900">
                    Solutions
                  </span>
                </li>
              ) : null}
            </ol>
          </nav>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl lg:text-5xl">
            {challenge.title}
          </h1>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <span className="inline-flex items-center rounded-full bg-white px-3 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
              {category?.heading}
            </span>
            <DifficultyBadge difficulty={challenge.difficulty} />
          </div>
          <ChallengeTabs slug={challenge.slug} />
        </div>
      </header>
    </HydrateLater>
  )
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px inline-flex h-11 items-center border-b-2 px-4 text-sm font-semibold transition-colors ${
    isActive
      ? 'border-ink-900 text-slate-900'
      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
  }`

/**
 * The challenge's sections as links (each is a page of its own, with its own address): the current one
 * carries `aria-current="page"`.
 */
function ChallengeTabs({ slug }: { slug: string }) {
  return (
    <nav aria-label="Challenge sections" className="mt-6 sm:mt-8">
      <ul className="flex gap-2">
        <li>
          <NavLink to={paths.challenge(slug)} end className={tabClass}>
            Overview
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.challengeSolutions(slug)} end className={tabClass}>
            Solutions
          </NavLink>
        </li>
      </ul>
    </nav>
  )
}

/** The page's shape while the challenge loads. */
export function ChallengeDetailSkeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading the challenge...
      </p>
      <div aria-hidden="true" className="border-b border-slate-200 bg-slate-50">
        <div className="page-container space-y-5 py-8 sm:py-12">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-10 w-2/3 max-w-xl" />
          <Skeleton className="h-6 w-40 rounded-full" />
        </div>
      </div>
      <div
        aria-hidden="true"
        className="page-container grid gap-8 py-8 sm:py-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10 xl:grid-cols-[minmax(0,1fr)_24rem]"
      >
        <div className="space-y-4">
          <Skeleton className="h-11 w-72 rounded-full" />
          <Skeleton className="h-[28rem] rounded-2xl" />
        </div>
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    </>
  )
}
