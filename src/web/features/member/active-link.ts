import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { ACTIVE_LINK_STORAGE_KEY } from '#shared/constants.ts'
import { paths } from '#shared/paths.ts'

/** Storage can be unavailable (private modes, blocked cookies): the sidebar then simply remembers nothing. */
export function readActiveLink(): string | null {
  try {
    return window.localStorage.getItem(ACTIVE_LINK_STORAGE_KEY)
  } catch {
    return null
  }
}

export function storeActiveLink(path: string): void {
  try {
    window.localStorage.setItem(ACTIVE_LINK_STORAGE_KEY, path)
  } catch {
    // Nothing to remember it in; the link still works.
  }
}

function clearActiveLink(): void {
  try {
    window.localStorage.removeItem(ACTIVE_LINK_STORAGE_KEY)
  } catch {
    // Nothing stored.
  }
}

function isChallengesPath(pathname: string): boolean {
  return pathname === paths.challenges || pathname.startsWith(`${paths.challenges}/`)
}

/**
 * docs/product.md §2 Member sidebar: the last selected challenge link is remembered under `activeLink` and
 * forgotten when the member leaves /challenges. Mounted once, in the root layout, so it sees every route.
 */
export function useForgetActiveLinkOutsideChallenges(): void {
  const { pathname } = useLocation()
  useEffect(() => {
    if (!isChallengesPath(pathname)) clearActiveLink()
  }, [pathname])
}
