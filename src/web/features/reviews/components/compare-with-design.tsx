import { lazy, type MouseEvent, type ReactNode, Suspense, useRef, useState } from 'react'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import type { BreakpointName, CompareBreakpoint } from '#web/features/reviews/components/compare-dialog.tsx'

const CompareDialog = lazy(() =>
  import('#web/features/reviews/components/compare-dialog.tsx').then((module) => ({
    default: module.CompareDialog,
  })),
)

const LABEL: Record<BreakpointName, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' }

/**
 * "Compare with the design" (docs/product.md §10, §11): `button(breakpoint)` is the button that opens the
 * compare dialog on that breakpoint, `dialog` the dialog while it is open (its code loads on the first
 * opening). Focus goes back to the button that opened it when it closes.
 */
export function useCompareWithDesign(breakpoints: CompareBreakpoint[]): {
  button: (breakpoint: BreakpointName) => ReactNode
  dialog: ReactNode
} {
  const [open, setOpen] = useState<BreakpointName | null>(null)
  const opener = useRef<HTMLElement | null>(null)

  function show(breakpoint: BreakpointName, event: MouseEvent<HTMLElement>) {
    opener.current = event.currentTarget
    setOpen(breakpoint)
  }

  return {
    button: (breakpoint) => (
      <button
        type="button"
        onClick={(event) => show(breakpoint, event)}
        className={buttonClasses('secondary', 'sm')}
      >
        Compare with the design<span className="sr-only"> at {LABEL[breakpoint]} width</span>
      </button>
    ),
    dialog: open ? (
      <Suspense fallback={null}>
        <CompareDialog
          breakpoints={breakpoints}
          initial={open}
          onClose={() => {
            setOpen(null)
            opener.current?.focus()
          }}
        />
      </Suspense>
    ) : null,
  }
}
