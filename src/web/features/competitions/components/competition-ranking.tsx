import type { CompetitionEntry } from '#shared/competition.ts'
import { LeaderboardAvatar } from '#web/features/member/components/leaderboard-avatar.tsx'
import { RankCell, RankedMemberLink, RankingTable } from '#web/features/member/components/ranking-table.tsx'
import { VerifiedBadge } from '#web/features/profile/components/site-status.tsx'
import { SolutionLink } from '#web/features/solutions/components/solution-link.tsx'

const COLUMNS = [
  { label: 'Member', className: 'px-3 py-3' },
  { label: 'Score', className: 'w-20 px-3 py-3 text-right sm:w-28 sm:px-6' },
] as const

/**
 * A competition's ranking: rank, member, match score and the Verified badge every entry carries; the
 * score links the entry's solution while it is listed (docs/product.md §11).
 */
export function CompetitionRanking({ entries, caption }: { entries: CompetitionEntry[]; caption: string }) {
  return (
    <RankingTable caption={caption} columns={COLUMNS}>
      {entries.map((entry) => (
        <tr key={entry.username}>
          <RankCell rank={entry.rank} />
          <td className="px-3 py-3">
            <div className="flex flex-wrap items-center gap-3">
              <LeaderboardAvatar entry={entry} className="size-9" />
              <div className="min-w-0">
                <RankedMemberLink entry={entry} />
                <span className="block truncate text-slate-600">@{entry.username}</span>
              </div>
              <VerifiedBadge />
            </div>
          </td>
          <td className="px-3 py-3 text-right font-semibold text-slate-900 tabular-nums sm:px-6">
            {entry.solutionId ? (
              <SolutionLink
                id={entry.solutionId}
                label={`${entry.name?.trim() || entry.username}'s solution`}
                className="rounded-sm underline underline-offset-4 hover:text-accent-800"
              >
                {entry.score.toFixed(1)}
              </SolutionLink>
            ) : (
              entry.score.toFixed(1)
            )}
          </td>
        </tr>
      ))}
    </RankingTable>
  )
}
