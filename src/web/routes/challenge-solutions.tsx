import { challengeBySlugQuery } from '#web/features/challenges/api/challenges.ts'
import { challengeGalleryQuery } from '#web/features/solutions/api/solutions.ts'
import { parseGalleryFilters } from '#web/features/solutions/gallery-filters.ts'
import { brandName, notFound, page, readRecord, serverLoader } from '#web/lib/route-data.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { ChallengeSolutionsPage as Component } from '#web/features/solutions/components/challenge-solutions.tsx'

/** The challenge and the first page of its gallery in the sort the address asks for (docs/product.md §11). */
const noChallengeAt = (slug: string) => `There is no challenge at "${slug}".`

export const loader = serverLoader(async ({ request }, queryClient) => {
  const challenge = await readRecord(queryClient, request, 2, challengeBySlugQuery, noChallengeAt)
  if (!challenge) return notFound()
  const { sort } = parseGalleryFilters(new URL(request.url).search)
  await queryClient.ensureInfiniteQueryData(challengeGalleryQuery(challenge.id, sort))
  return page({
    description: `Solutions to ${challenge.title} by ${await brandName(queryClient)} members, each passed by its review.`,
    image: challenge.templateImg,
  })
})
