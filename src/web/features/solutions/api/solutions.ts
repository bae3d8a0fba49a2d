import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { GalleryResponse, GallerySort, SolutionResponse, SolutionUpdate } from '#shared/solution.ts'
import {
  challengeGalleryApiPath,
  type GalleryFilters,
  galleryApiPath,
  galleryKeys,
} from '#web/features/solutions/gallery-filters.ts'
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

/** Galleries change with every passed review: a page is read again after this long. */
const GALLERY_STALE_MS = 30_000

/**
 * The site-wide gallery, page by page (docs/product.md §11): each page's `nextCursor` asks for the next;
 * null ends it.
 */
export const galleryQuery = (filters: GalleryFilters) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.site(filters),
    queryFn: ({ pageParam }) => apiFetch<GalleryResponse>(galleryApiPath(filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: GALLERY_STALE_MS,
  })

/** One challenge's gallery, page by page. */
export const challengeGalleryQuery = (challengeId: number, sort: GallerySort) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.challenge(challengeId, sort),
    queryFn: ({ pageParam }) =>
      apiFetch<GalleryResponse>(challengeGalleryApiPath(challengeId, sort, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: GALLERY_STALE_MS,
  })
