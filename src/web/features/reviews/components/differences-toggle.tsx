/**
 * "Show differences": the pressed toggle that swaps a comparison for the review's heatmap, on the report's
 * inline comparison and in the compare dialog alike (docs/product.md §10).
 */
export function DifferencesToggle({ pressed, onToggle }: { pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={`inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition ${
        pressed
          ? 'border-rose-700 bg-rose-700 text-white hover:bg-rose-800'
          : 'border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50'
      }`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${pressed ? 'bg-white' : 'bg-rose-600'}`} />
      Show differences
    </button>
  )
}
