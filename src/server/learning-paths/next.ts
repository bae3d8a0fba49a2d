import type { Challenge } from '#shared/challenge.ts'
import { DIFFICULTIES } from '#shared/constants.ts'
import type { LearningPath, NextChallenge, StepStatus } from '#shared/learning-paths.ts'

/** What a category's challenge is called in a sentence: "a footer", "a features section". */
const CATEGORY_NOUNS: Record<string, string> = {
  navbar: 'navbar',
  footer: 'footer',
  'landing-page': 'landing page',
  hero: 'hero',
  features: 'features section',
}

const withArticle = (words: string) => `${/^[aeiou]/i.test(words) ? 'An' : 'A'} ${words}`

/**
 * The next challenge to suggest (docs/product.md §15), from what the member did:
 * 1. the first step not passed of the paths they started, the latest started first ("Next in <path>");
 * 2. else the easiest challenge they have not started, in a category they have worked in (the oldest
 *    first among equals: "An easy footer you have not built yet");
 * 3. else, for a member who has not started anything, the first step of the first path ("Start with <path>").
 * Null when none is left.
 */
export function suggestNext(input: {
  paths: readonly LearningPath[]
  /** The paths the member started and when. */
  started: readonly { slug: string; startedAt: Date }[]
  /** The member's status per challenge slug; a challenge missing has not been started. */
  progress: ReadonlyMap<string, Exclude<StepStatus, 'not-started'>>
  /** The catalogue. */
  challenges: readonly Challenge[]
}): NextChallenge | null {
  const { paths, progress } = input
  const bySlug = new Map(paths.map((path) => [path.slug, path]))
  const started = [...input.started].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
  for (const { slug } of started) {
    const path = bySlug.get(slug)
    const step = path?.steps.find((s) => progress.get(s.challenge.slug) !== 'passed')
    if (path && step)
      return { challenge: step.challenge, reason: `Next in ${path.title}`, path: { slug, title: path.title } }
  }
  const worked = new Set(
    input.challenges
      .filter((challenge) => progress.has(challenge.slug))
      .map((challenge) => challenge.category),
  )
  const rank = (challenge: Challenge) => DIFFICULTIES.indexOf(challenge.difficulty)
  const [easiest] = input.challenges
    .filter((challenge) => worked.has(challenge.category) && !progress.has(challenge.slug))
    .sort(
      (a, b) =>
        rank(a) - rank(b) || a.publishedAt.localeCompare(b.publishedAt) || a.title.localeCompare(b.title),
    )
  if (easiest) {
    const noun = CATEGORY_NOUNS[easiest.category] ?? easiest.category
    return {
      challenge: easiest,
      reason: `${withArticle(`${easiest.difficulty} ${noun}`)} you have not built yet`,
      path: null,
    }
  }
  const first = paths[0]
  const step = first?.steps[0]
  if (first && step && progress.size === 0)
    return {
      challenge: step.challenge,
      reason: `Start with ${first.title}`,
      path: { slug: first.slug, title: first.title },
    }
  return null
}
