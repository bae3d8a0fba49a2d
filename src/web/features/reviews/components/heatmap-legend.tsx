import { HEATMAP_LEGEND } from '#web/features/reviews/report.ts'

const ENTRIES = [
  ...HEATMAP_LEGEND.map((entry) => ({
    label: entry.label,
    meaning: entry.meaning,
    swatch: { backgroundColor: `rgb(${entry.rgb.join(' ')})` },
    swatchClass: '',
  })),
  { label: 'Faded grey', meaning: 'the same as the design', swatch: undefined, swatchClass: 'bg-slate-200' },
]

/**
 * The items of the heatmap's legend (docs/product.md §10): a swatch of each colour and what it means,
 * the faded grey of unchanged pixels last. The list around them is the caller's; `itemClass` lays out an
 * item, `swatchClass` places its swatch, and `end` closes each meaning (a full stop in sentences).
 */
export function HeatmapLegendEntries({
  itemClass,
  swatchClass,
  end = '',
}: {
  itemClass: string
  swatchClass: string
  end?: string
}) {
  return ENTRIES.map((entry) => (
    <li key={entry.label} className={itemClass}>
      <span
        aria-hidden="true"
        className={[
          swatchClass,
          'size-3.5 shrink-0 rounded-sm',
          entry.swatchClass,
          'ring-1 ring-slate-900/40',
        ]
          .filter(Boolean)
          .join(' ')}
        style={entry.swatch}
      />
      <span>
        <span className="font-semibold text-slate-900">{entry.label}</span>: {entry.meaning}
        {end}
      </span>
    </li>
  ))
}
