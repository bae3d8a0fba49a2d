import type { ChallengeStatus } from '#shared/constants.ts'

const STATUS_STYLES: Record<ChallengeStatus, { label: string; classes: string; dot: string }> = {
  ongoing: { label: 'Ongoing', classes: 'bg-amber-50 text-amber-800 ring-amber-600/30', dot: 'bg-amber-500' },
  completed: {
    label: 'Completed',
    classes: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
    dot: 'bg-emerald-600',
  },
}

/**
 * The member's status on a challenge (docs/product.md §2: the start area and the catalogue's cards); the
 * word carries it, the dot only repeats it.
 */
export function StatusBadge({ status }: { status: ChallengeStatus }) {
  const style = STATUS_STYLES[status]
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${style.classes}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${style.dot}`} />
      {style.label}
    </span>
  )
}
