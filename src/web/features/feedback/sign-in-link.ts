import { paths } from '#shared/paths.ts'
import { SIGN_IN_PATH } from '#web/features/auth/sign-in.ts'

/** The GitHub sign-in that comes back to the solution's page (docs/product.md §12 `returnTo`). */
export const signInReturningTo = (solutionId: string) =>
  `${SIGN_IN_PATH}?returnTo=${paths.solution(solutionId)}`
