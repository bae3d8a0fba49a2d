import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Solution } from '#shared/solution.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { HeartIcon } from '#web/components/ui/icons.tsx'
import { setLiked } from '#web/features/feedback/api/feedback.ts'
import { likesText } from '#web/features/feedback/format.ts'
import { signInReturningTo } from '#web/features/feedback/sign-in-link.ts'
import { solutionKeys } from '#web/features/solutions/api/solutions.ts'
import { toast } from '#web/lib/toast.ts'

const LikeHeart = ({ filled }: { filled: boolean }) => (
  <HeartIcon
    fill={filled ? 'currentColor' : 'none'}
    strokeWidth={2}
    className={`size-4 ${filled ? 'text-rose-600' : ''}`}
  />
)

/**
 * A solution's likes (docs/product.md §12): the count for everyone; a `Like` / `Liked` toggle for
 * signed-in members other than its author (shown at once, undone with the server's message if it
 * refuses); for visitors a `Like` link that signs in and comes back to this solution.
 */
export function LikeControl({
  solution,
  viewer,
}: {
  solution: Pick<Solution, 'id' | 'likeCount' | 'likedByMe'>
  /** `count`: the count only (the author, or a solution visitors cannot see, which no one may like). */
  viewer: 'loading' | 'visitor' | 'count' | 'member'
}) {
  const queryClient = useQueryClient()
  const key = solutionKeys.one(solution.id)
  const toggle = useMutation({
    mutationFn: (liked: boolean) => setLiked(solution.id, liked),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true })
      const before = queryClient.getQueryData<Solution>(key)
      if (before) {
        queryClient.setQueryData<Solution>(key, {
          ...before,
          likedByMe: liked,
          likeCount: Math.max(0, before.likeCount + (liked ? 1 : -1)),
        })
      }
      return { before }
    },
    onError: (error, _liked, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      toast.error(error.message)
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<Solution>(key, (current) =>
        current ? { ...current, likedByMe: answer.liked, likeCount: answer.likeCount } : current,
      )
    },
  })
  const count = (
    <span className="text-sm font-semibold text-slate-800 tabular-nums" aria-live="polite">
      {likesText(solution.likeCount)}
    </span>
  )
  if (viewer === 'member') {
    return (
      <span className="inline-flex items-center gap-2">
        <button
          type="button"
          aria-pressed={solution.likedByMe}
          onClick={() => {
            if (!toggle.isPending) toggle.mutate(!solution.likedByMe)
          }}
          className={buttonClasses('secondary', 'sm')}
        >
          <LikeHeart filled={solution.likedByMe} />
          {solution.likedByMe ? 'Liked' : 'Like'}
        </button>
        {count}
      </span>
    )
  }
  if (viewer === 'visitor') {
    return (
      <span className="inline-flex items-center gap-2">
        <a href={signInReturningTo(solution.id)} className={buttonClasses('secondary', 'sm')}>
          <LikeHeart filled={false} />
          Like<span className="sr-only">: log in with GitHub first</span>
        </a>
        {count}
      </span>
    )
  }
  if (viewer === 'loading') {
    // The server's page, until the session is known: the button's room is kept (unseen), so the page
    // does not move when the button comes (a visitor's or a member's, the same size).
    return (
      <span className="inline-flex items-center gap-2">
        <span
          aria-hidden="true"
          data-testid="like-placeholder"
          className={`invisible ${buttonClasses('secondary', 'sm')}`}
        >
          <LikeHeart filled={false} />
          Like
        </span>
        {count}
      </span>
    )
  }
  return (
    <span className="inline-flex items-center gap-2">
      <LikeHeart filled={false} />
      {count}
    </span>
  )
}
