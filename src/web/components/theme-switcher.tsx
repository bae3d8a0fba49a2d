import { setThemeChoice, type ThemeChoice, useThemeChoice } from '#web/lib/theme.ts'

/** docs/product.md §2 Footer: the theme, in this order. */
const THEME_OPTIONS: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/**
 * The colour theme's choice (docs/decisions/015-dark-mode.md): a radio group, so the arrow keys move the
 * choice, Tab reaches it once and screen readers say which is checked. Each radio is laid, unseen, over
 * its label, which draws the choice and the focus ring. It sits on the footer's ink surface in both
 * themes.
 */
export function ThemeSwitcher() {
  const choice = useThemeChoice()
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="float-left text-sm text-slate-400">Theme</legend>
      <div className="inline-flex rounded-full border border-white/10 p-1">
        {THEME_OPTIONS.map((option) => (
          <label
            key={option.value}
            className="relative inline-flex min-h-8 cursor-pointer items-center rounded-full px-3 text-sm font-medium text-slate-300 transition-colors hover:text-white has-checked:bg-white/10 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-ring)"
          >
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={choice === option.value}
              onChange={() => setThemeChoice(option.value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
