import { queryOptions } from '@tanstack/react-query'
import type { SolutionResponse, SolutionUpdate } from '#shared/solution.ts'
import { apiFetch, isApiNotFound, patchJson } from '#web/lib/api-client.ts'

export const solutionKeys = {
  all: ['solutions'] as const,
  one: (id: string) => [...solutionKeys.all, id] as const,
}

/** The solution page's address (docs/product.md §11). */
export const solutionPath = (id: string) => `/solutions/${encodeURIComponent(id)}`

/**
 * A solution as the reader may see it (docs/product.md §11). Read fresh when the page opens: the server
 * renders it as a visitor sees it, and its member sees more (every iteration, a hidden one).
 */
export const solutionQuery = (id: string) =>
  queryOptions({
    queryKey: solutionKeys.one(id),
    queryFn: async () =>
      (await apiFetch<SolutionResponse>(`/api/solutions/${encodeURIComponent(id)}`)).solution,
    staleTime: 0,
    retry: (failures, error) => !isApiNotFound(error) && failures < 1,
  })

/** The member's edit of their solution: write-up, repository URL, hidden. */
export async function updateSolution(id: string, update: SolutionUpdate) {
  return (await apiFetch<SolutionResponse>(`/api/solutions/${encodeURIComponent(id)}`, patchJson(update)))
    .solution
}
