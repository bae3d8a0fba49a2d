import { infiniteQueryOptions } from '@tanstack/react-query'
import type {
  CommentResponse,
  CommentsResponse,
  CommentUpdate,
  LikeResponse,
  NeedsFeedbackResponse,
  NewComment,
  NewReport,
} from '#shared/feedback.ts'
import { solutionKeys } from '#web/features/solutions/api/solutions.ts'
import { apiFetch, apiRequest, isApiNotFound, postJson } from '#web/lib/api-client.ts'

/**
 * Feedback on solutions (docs/product.md §12): a solution's comments, likes, reports and the "needs
 * feedback" list, as the app reads and changes them.
 */

export const feedbackKeys = {
  /** Under the solution's own key, so refreshing a solution refreshes its comments too. */
  comments: (solutionId: string) => [...solutionKeys.one(solutionId), 'comments'] as const,
  needsFeedback: ['needs-feedback'] as const,
}

const solutionApi = (id: string) => `/api/solutions/${encodeURIComponent(id)}`
const commentApi = (id: string) => `/api/comments/${encodeURIComponent(id)}`

/**
 * A state-changing request with another method than POST: the server accepts mutations only as JSON
 * from our own origin (its CSRF defence), so even one with nothing to say sends `{}`.
 */
function jsonInit(method: 'PUT' | 'DELETE' | 'PATCH', body: unknown = {}): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
}

/**
 * A solution's comments, a page of threads at a time (`nextCursor` null ends them), and what the reader
 * may do with them; read fresh when the page opens.
 */
export const commentsQuery = (solutionId: string) =>
  infiniteQueryOptions({
    queryKey: feedbackKeys.comments(solutionId),
    queryFn: ({ pageParam }) =>
      apiFetch<CommentsResponse>(
        `${solutionApi(solutionId)}/comments${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
  })

/** Likes (PUT) or unlikes (DELETE) a solution; the answer is its count after the change. */
export function setLiked(solutionId: string, liked: boolean) {
  return apiFetch<LikeResponse>(`${solutionApi(solutionId)}/like`, jsonInit(liked ? 'PUT' : 'DELETE'))
}

export async function createComment(solutionId: string, comment: NewComment) {
  return (await apiFetch<CommentResponse>(`${solutionApi(solutionId)}/comments`, postJson(comment))).comment
}

export async function updateComment(commentId: string, update: CommentUpdate) {
  return (await apiFetch<CommentResponse>(commentApi(commentId), jsonInit('PATCH', update))).comment
}

export async function deleteComment(commentId: string): Promise<void> {
  await apiRequest(commentApi(commentId), jsonInit('DELETE'))
}

/** The solution's author marks (PUT) or unmarks (DELETE) a comment helpful. */
export async function setHelpful(commentId: string, helpful: boolean) {
  return (
    await apiFetch<CommentResponse>(`${commentApi(commentId)}/helpful`, jsonInit(helpful ? 'PUT' : 'DELETE'))
  ).comment
}

export async function sendReport(report: NewReport): Promise<void> {
  await apiRequest('/api/reports', postJson(report))
}

/** Solutions no one has commented on yet, oldest first, page by page (`nextCursor` null ends it). */
export const needsFeedbackQuery = () =>
  infiniteQueryOptions({
    queryKey: feedbackKeys.needsFeedback,
    queryFn: ({ pageParam }) =>
      apiFetch<NeedsFeedbackResponse>(
        pageParam ? `/api/needs-feedback?cursor=${encodeURIComponent(pageParam)}` : '/api/needs-feedback',
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  })
