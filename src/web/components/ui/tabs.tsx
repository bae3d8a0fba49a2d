import { type KeyboardEvent, useId, useRef } from 'react'

/**
 * WAI-ARIA tabs with automatic activation: the arrow keys move between tabs and select them, Home and End
 * jump to the first and last; only the selected tab is in the tab order. Spread `tabListProps` on the
 * element with `role="tablist"` (written out, so the linter sees the role), `tabProps(key)` on each tab button and `panelProps(key)` on its panel.
 */
export function useTabs<T extends string>(keys: readonly T[], active: T, onChange: (key: T) => void) {
  const tabs = useRef(new Map<T, HTMLButtonElement>())
  const baseId = useId()

  function select(key: T) {
    onChange(key)
    tabs.current.get(key)?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const index = keys.indexOf(active)
    const last = keys.length - 1
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    }
    const target = next[event.key]
    const key = target === undefined ? undefined : keys[target]
    if (key === undefined) return
    event.preventDefault()
    select(key)
  }

  return {
    tabListProps: { onKeyDown },
    tabProps: (key: T) =>
      ({
        ref: (element: HTMLButtonElement | null) => {
          if (element) tabs.current.set(key, element)
          else tabs.current.delete(key)
        },
        type: 'button',
        role: 'tab',
        id: `${baseId}-tab-${key}`,
        'aria-selected': key === active,
        'aria-controls': `${baseId}-panel-${key}`,
        tabIndex: key === active ? 0 : -1,
        onClick: () => select(key),
      }) as const,
    panelProps: (key: T) =>
      ({
        role: 'tabpanel',
        id: `${baseId}-panel-${key}`,
        'aria-labelledby': `${baseId}-tab-${key}`,
        hidden: key !== active,
      }) as const,
  }
}

/** A segment of a segmented control (a tab, or a radio's label): white and raised when it is chosen. */
export const segmentClasses = (selected: boolean) =>
  `inline-flex h-9 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors sm:px-4 ${
    selected
      ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
      : 'text-slate-700 hover:text-slate-900'
  }`

/**
 * The tabs of `useTabs` drawn as a segmented control: `label` names the tablist, `labelOf` each tab.
 * `className` places the control and gives its corners.
 */
export function TabList<T extends string>({
  tabs,
  keys,
  active,
  label,
  labelOf,
  className,
}: {
  tabs: ReturnType<typeof useTabs<T>>
  keys: readonly T[]
  active: T
  label: string
  labelOf: (key: T) => string
  className: string
}) {
  return (
    <div
      role="tablist"
      {...tabs.tabListProps}
      aria-label={label}
      className={`flex gap-1 bg-slate-100 p-1 ring-1 ring-slate-200 ${className}`}
    >
      {keys.map((key) => (
        <button key={key} {...tabs.tabProps(key)} className={segmentClasses(key === active)}>
          {labelOf(key)}
        </button>
      ))}
    </div>
  )
}

const BREAKPOINT_TAB_LABEL = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' } as const

/** The tabs that choose a breakpoint (the design viewer, the comparison): Desktop, Tablet and Mobile. */
export function BreakpointTabs<T extends keyof typeof BREAKPOINT_TAB_LABEL>(props: {
  tabs: ReturnType<typeof useTabs<T>>
  keys: readonly T[]
  active: T
  className: string
}) {
  return <TabList {...props} label="Breakpoint" labelOf={(key) => BREAKPOINT_TAB_LABEL[key]} />
}
