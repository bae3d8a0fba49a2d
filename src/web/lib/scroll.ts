/** True when the user asked the system for less motion; smooth scrolling is then skipped. */
function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

/** Scrolls the window to the top: smoothly (docs/product.md §2), or at once under prefers-reduced-motion. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' })
}
