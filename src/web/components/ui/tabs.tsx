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
