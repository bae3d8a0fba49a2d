import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'

/** A column of a ranking after its Rank; a `hidden` label is for screen readers only. */
export type RankingColumn = { label: string; className: string; hidden?: boolean }

/**
 * A ranking table (the leaderboard, a competition's ranking) in its card: the caption, a header row with
 * Rank first and then `columns`, and `children` as the rows. `className` places the card; a `fixed`
 * table keeps its columns' widths whatever the names in them.
 */
export function RankingTable({
  caption,
  columns,
  className = '',
  fixed = false,
  children,
}: {
  caption: ReactNode
  columns: readonly RankingColumn[]
  className?: string
  fixed?: boolean
  children: ReactNode
}) {
  return (
    <div
      className={`${className} overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card`.trim()}
    >
      <table className={`w-full ${fixed ? 'table-fixed ' : ''}border-collapse text-left text-sm`}>
        <caption className="border-b border-slate-200 px-4 py-4 text-left text-base font-semibold text-slate-900 sm:px-6">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-14 px-3 py-3 sm:w-20 sm:px-6">
              Rank
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.className}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  )
}

/** A ranking row's first cell: its rank. */
export function RankCell({ rank }: { rank: number }) {
  return <td className="px-3 py-3 font-semibold text-slate-900 tabular-nums sm:px-6">{rank}</td>
}

/** A ranked member's name (the @name when there is none), linking their profile. */
export function RankedMemberLink({
  entry,
  className = '',
}: {
  entry: { username: string; name?: string | null }
  className?: string
}) {
  return (
    <Link
      to={paths.profile(entry.username)}
      className={`block truncate rounded-sm ${className} font-semibold text-slate-900 underline-offset-4 hover:text-accent-800 hover:underline`}
    >
      {entry.name?.trim() || entry.username}
    </Link>
  )
}
