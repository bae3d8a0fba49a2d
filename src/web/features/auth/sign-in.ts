import { useLocation } from 'react-router'
import { SIGN_IN_START, signInHref } from '#shared/return-path.ts'

/** Where the server starts the GitHub sign-in flow: a full page navigation, not a client route. */
export const SIGN_IN_PATH = SIGN_IN_START

/**
 * The sign-in link that comes back to the page it was started on, address query included
 * (docs/product.md §12 `returnTo`). Every Login link and button uses it.
 */
export function useSignInHref(): string {
  const location = useLocation()
  return signInHref(`${location.pathname}${location.search}`)
}
