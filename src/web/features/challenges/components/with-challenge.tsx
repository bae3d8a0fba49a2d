import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Challenge } from '#shared/challenge.ts'
import { paths } from '#shared/paths.ts'
import { LoadError } from '#web/components/network-error.tsx'
import { ChallengeDetailSkeleton } from '#web/features/challenges/components/challenge-detail.tsx'
import { isNoSuchRecord } from '#web/lib/no-such-record.ts'
import { NotFoundPage } from '#web/routes/not-found.tsx'

/**
 * A page about one challenge (its overview, its Solutions tab) until the challenge is there: the 404
 * page, with Browse challenges, for an unknown slug, the Network Error screen when it could not be read (`Something went wrong` when
 * the server answered with an error), else the skeleton. A
 * failed background refresh keeps showing what is already there.
 */
export function WithChallenge({
  challenge,
  children,
}: {
  challenge: UseQueryResult<Challenge, Error>
  children: (challenge: Challenge) => ReactNode
}) {
  if (isNoSuchRecord(challenge.error))
    return <NotFoundPage browse={{ to: paths.challenges, label: 'Browse challenges' }} />
  if (challenge.data) return children(challenge.data)
  if (!challenge.isError) return <ChallengeDetailSkeleton />
  return (
    <LoadError
      error={challenge.error}
      message="Check your internet connection and try again"
      onRetry={() => challenge.refetch()}
    />
  )
}
