import { type MouseEvent, useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { LOGO_NAVIGATION_DELAY_MS } from '#shared/constants.ts'
import { paths } from '#shared/paths.ts'
import { scrollToTop } from '#web/lib/scroll.ts'

function isModifiedClick(event: MouseEvent) {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
}

/**
 * Click handler for the logo (docs/product.md §2): scroll to the top first, then go home after
 * LOGO_NAVIGATION_DELAY_MS so the scroll is seen. Modified clicks (new tab, new window) keep the link's
 * default behaviour.
 */
export function useLogoNavigation() {
  const navigate = useNavigate()
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (isModifiedClick(event)) return
      event.preventDefault()
      scrollToTop()
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => navigate(paths.home), LOGO_NAVIGATION_DELAY_MS)
    },
    [navigate],
  )
}
