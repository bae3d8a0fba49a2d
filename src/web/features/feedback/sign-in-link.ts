import { paths } from '#shared/paths.ts'
import { signInHref } from '#shared/return-path.ts'

/** The GitHub sign-in that comes back to the solution's page (docs/product.md §12 `returnTo`). */
export const signInReturningTo = (solutionId: string) => signInHref(paths.solution(solutionId))
