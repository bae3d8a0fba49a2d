import { galleryQuery } from '#web/features/solutions/api/solutions.ts'
import { parseGalleryFilters } from '#web/features/solutions/gallery-filters.ts'
import { brandName, page, serverLoader } from '#web/lib/route-data.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { SolutionsPage as Component } from '#web/features/solutions/components/solutions-page.tsx'

/** The gallery the address asks for (docs/product.md §11): the same reading of the query as the page's. */
export const loader = serverLoader(async ({ request }, queryClient) => {
  await queryClient.ensureInfiniteQueryData(galleryQuery(parseGalleryFilters(new URL(request.url).search)))
  return page({
    description: `Live sites ${await brandName(queryClient)} members built from its challenges, each passed by its review.`,
  })
})
