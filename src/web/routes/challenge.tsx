import { useQuery } from '@tanstack/react-query'
import { useLocation, useParams } from 'react-router'
import { CATEGORY_VALUES } from '#shared/categories.ts'
import type { Challenge } from '#shared/challenge.ts'
import { DIFFICULTIES } from '#shared/constants.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { challengeBySlugQuery, challengeZipQuery } from '#web/features/challenges/api/challenges.ts'
import { ChallengeDetail } from '#web/features/challenges/components/challenge-detail.tsx'
import { WithChallenge } from '#web/features/challenges/components/with-challenge.tsx'
import { isApiNotFound } from '#web/lib/api-client.ts'
import { notFound, page, readRecord, serverLoader } from '#web/lib/route-data.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/**
 * The challenge a card handed over as navigation state, if it is this one. History state survives
 * reloads and could be anything, so it is parsed, not trusted.
 */
function challengeFromState(state: unknown, slug: string): Challenge | undefined {
  const value = (state as { challenge?: unknown } | null)?.challenge
  return isChallenge(value) && value.slug === slug ? value : undefined
}

function isChallenge(value: unknown): value is Challenge {
  if (typeof value !== 'object' || value === null) return false
  const c = value as Record<string, unknown>
  const thumbnails = c.thumbnails as Record<string, unknown> | null | undefined
  const strings = ['slug', 'title', 'description', 'templateImg', 'tabletImg', 'mobileImg', 'publishedAt']
  return (
    Number.isInteger(c.id) &&
    (c.id as number) > 0 &&
    strings.every((key) => typeof c[key] === 'string') &&
    (CATEGORY_VALUES as readonly unknown[]).includes(c.category) &&
    (DIFFICULTIES as readonly unknown[]).includes(c.difficulty) &&
    typeof thumbnails === 'object' &&
    thumbnails !== null &&
    ['desktop', 'tablet', 'mobile'].every((key) => typeof thumbnails[key] === 'string')
  )
}

/** /challenge/:challengeId, where the segment is the challenge's slug (docs/product.md §2). */
export function Component() {
  const { challengeId: slug = '' } = useParams()
  const { state } = useLocation()
  const challenge = useQuery({
    ...challengeBySlugQuery(slug),
    initialData: challengeFromState(state, slug),
    // Shown at once, but refreshed in the background: the card's copy may be old.
    initialDataUpdatedAt: 0,
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
  })

  return (
    <WithChallenge challenge={challenge}>
      {(data) => (
        <>
          <PageTitle>{data.title}</PageTitle>
          <ChallengeDetail challenge={data} />
        </>
      )}
    </WithChallenge>
  )
}

const noChallengeAt = (slug: string) => `There is no challenge at "${slug}".`

export const loader = serverLoader(async ({ request }, queryClient) => {
  const challenge = await readRecord(queryClient, request, 2, challengeBySlugQuery, noChallengeAt)
  if (!challenge) return notFound()
  // The download's size and files; a challenge without one shows that at once.
  await queryClient.prefetchQuery(challengeZipQuery(challenge.id))
  return page({ description: challenge.description, image: challenge.templateImg })
})
