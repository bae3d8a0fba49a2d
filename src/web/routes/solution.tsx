import { solutionQuery } from '#web/features/solutions/api/solutions.ts'
import { brandName, notFound, page, readRecord, serverLoader } from '#web/lib/route-data.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'
export { SolutionPage as Component } from '#web/features/solutions/components/solution-page.tsx'

const NO_SUCH_SOLUTION = 'There is no such solution.'

/** As a visitor sees it (docs/product.md §11): its member's own view comes after hydration. */
export const loader = serverLoader(async ({ request }, queryClient) => {
  // An id that is not one answers 400: no such solution either.
  const solution = await readRecord(
    queryClient,
    request,
    2,
    solutionQuery,
    () => NO_SUCH_SOLUTION,
    [400, 404],
  )
  if (!solution) return notFound()
  const name = solution.member.name?.trim() || solution.member.username
  const title = `${name}'s ${solution.challenge.title} solution`
  const score = solution.latestReview?.score
  const desktop = solution.latestReview?.captures.find((capture) => capture.breakpoint === 'desktop')
  return page({
    title,
    description: `${title} on ${await brandName(queryClient)}${score == null ? '' : `, scored ${score} / 100`}.`,
    writeUp: solution.writeUp,
    ...(desktop ? { image: desktop.captureUrl } : {}),
  })
})
