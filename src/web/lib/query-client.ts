import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { handleUnauthorized } from '#web/features/auth/api/session.ts'
import { ApiError, isUnauthorized } from '#web/lib/api-client.ts'
import type { SsrNotFound } from '#web/lib/ssr-data.ts'

/** The app's query client, the same in the browser and in the server's renderer. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // Any 401, from any query or mutation, means the session is gone: one place turns the app signed out.
    queryCache: new QueryCache({ onError: (error) => handleUnauthorized(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => handleUnauthorized(queryClient, error) }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Asking again will not bring a session back.
        retry: (failures, error) => !isUnauthorized(error) && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  })
  return queryClient
}

/**
 * Puts a 404 answer in the cache as the query's error, as if it had been fetched: the page renders
 * its "not found" state at once, and does not ask again on mount.
 */
export function seedNotFound(queryClient: QueryClient, notFound: SsrNotFound): void {
  queryClient.setQueryDefaults(notFound.queryKey, { retryOnMount: false })
  const query = queryClient.getQueryCache().build(queryClient, { queryKey: notFound.queryKey })
  query.setState({
    status: 'error',
    fetchStatus: 'idle',
    error: new ApiError(404, notFound.code, notFound.message),
    errorUpdatedAt: Date.now(),
    fetchFailureCount: 1,
  })
}
