import { useState } from 'react'
import type { LeaderboardEntry } from '#shared/member.ts'

const DEFAULT_AVATAR = '/images/default-avatar.svg'

/** A leaderboard picture: the member's avatar, or the default one when it is missing or fails to load. */
export function LeaderboardAvatar({
  entry,
  className,
}: {
  entry: Pick<LeaderboardEntry, 'avatarUrl' | 'username'>
  className: string
}) {
  const [failed, setFailed] = useState(false)
  const src = entry.avatarUrl && !failed ? entry.avatarUrl : DEFAULT_AVATAR
  return (
    <img
      src={src}
      alt={`${entry.username}'s avatar`}
      width={80}
      height={80}
      loading="lazy"
      onError={() => setFailed(true)}
      className={`shrink-0 rounded-full bg-slate-200 object-cover ${className}`}
    />
  )
}
