import { challengeListQuery } from '#web/features/challenges/api/challenges.ts'
import { NewChallenges } from '#web/features/challenges/components/new-challenges.tsx'
import { CompetitionPromo } from '#web/features/home/components/competition-promo.tsx'
import { Faq } from '#web/features/home/components/faq.tsx'
import { Features } from '#web/features/home/components/features.tsx'
import { GetStarted } from '#web/features/home/components/get-started.tsx'
import { Hero } from '#web/features/home/components/hero.tsx'
import { HowItWorks } from '#web/features/home/components/how-it-works.tsx'
import { DocumentTitle } from '#web/lib/head.tsx'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'
import { usePublicConfig } from '#web/lib/public-config.ts'
import { page, serverLoader } from '#web/lib/route-data.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** Home (docs/product.md §2), sections in its order; the footer comes from the layout. */
export function Component() {
  const { brandName } = usePublicConfig()
  // Below the hero, each section is a boundary React hydrates on its own, after the rest (HydrateLater).
  return (
    <>
      <DocumentTitle title={`${brandName} | Master Frontend Skills with Hands-On Projects`} />
      <Hero />
      <HydrateLater>
        <Features />
      </HydrateLater>
      <div className="border-y border-slate-200 bg-slate-50 py-20 sm:py-28">
        <NewChallenges className="page-container" />
      </div>
      <HydrateLater>
        <CompetitionPromo />
      </HydrateLater>
      <HydrateLater>
        <HowItWorks />
      </HydrateLater>
      <HydrateLater>
        <Faq />
      </HydrateLater>
      <HydrateLater>
        <GetStarted />
      </HydrateLater>
    </>
  )
}

/** The new challenges come from the list with its solution counts (docs/product.md §2). */
export const loader = serverLoader(async (_args, queryClient) => {
  await queryClient.ensureQueryData(challengeListQuery())
  return page()
})
