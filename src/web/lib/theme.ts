import { useSyncExternalStore } from 'react'

/**
 * The colour theme (docs/product.md §2 Footer, docs/decisions/015-dark-mode.md): the member's choice,
 * kept in this browser's local storage, and the theme it gives, the attribute data-theme on <html>. The
 * first paint's is set by public/theme.js, which reads the same key; this module keeps it in step with a
 * new choice, another tab's and, for System, the system's preference as it changes.
 */
export type ThemeChoice = 'system' | 'light' | 'dark'

export const THEME_STORAGE_KEY = 'theme'

const DARK_QUERY = '(prefers-color-scheme: dark)'

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}

function applyTheme(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia(DARK_QUERY).matches)
  document.documentElement.dataset.theme = dark ? 'dark' : 'light'
}

const listeners = new Set<() => void>()

function notify(): void {
  applyTheme(readThemeChoice())
  for (const listener of listeners) listener()
}

/** System forgets the stored choice, so a later change of the system's preference is followed. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY)
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice)
  } catch {
    // Storage refused: the choice holds for this page only.
    applyTheme(choice)
    return
  }
  notify()
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('storage', onStorage)
    window.matchMedia(DARK_QUERY).addEventListener('change', notify)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      window.removeEventListener('storage', onStorage)
      window.matchMedia(DARK_QUERY).removeEventListener('change', notify)
    }
  }
}

function onStorage(event: StorageEvent): void {
  if (event.key === THEME_STORAGE_KEY || event.key === null) notify()
}

/** The choice; System on the server and while hydrating, as the server cannot know it. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system')
}
