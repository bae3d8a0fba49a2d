import type { Difficulty } from '#shared/constants.ts'

/**
 * Colours for easy, intermediate and hard, each AA on its tint. The word is always written and a
 * one-to-three bar meter repeats it, so colour is never the only cue.
 */
const STYLES: Record<Difficulty, { badge: string; bar: string; level: number }> = {
  easy: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25', bar: 'bg-emerald-600', level: 1 },
  intermediate: { badge: 'bg-amber-50 text-amber-800 ring-amber-600/30', bar: 'bg-amber-600', level: 2 },
  hard: { badge: 'bg-rose-50 text-rose-800 ring-rose-600/25', bar: 'bg-rose-600', level: 3 },
}

/** 6, 8 and 10 px: the bars rise with the level. */
const BAR_HEIGHTS = ['h-1.5', 'h-2', 'h-2.5'] as const

export function DifficultyBadge({ difficulty }: { difficulty: Difficulty }) {
  const style = STYLES[difficulty]
  return (
    <span
      data-difficulty={difficulty}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-[0.6875rem] leading-none font-bold tracking-[0.08em] uppercase ring-1 ring-inset ${style.badge}`}
    >
      <span aria-hidden="true" className="flex items-end gap-[2px]">
        {[1, 2, 3].map((level) => (
          <span
            key={level}
            // Classes, not a style attribute: server-rendered HTML may carry no inline style (CSP).
            className={`w-[3px] rounded-full ${BAR_HEIGHTS[level - 1]} ${level <= style.level ? style.bar : 'bg-current opacity-20'}`}
          />
        ))}
      </span>
      {difficulty}
    </span>
  )
}
