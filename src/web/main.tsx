import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { handleUnauthorized } from '#web/features/auth/api/session.ts'
import { isUnauthorized } from '#web/lib/api-client.ts'
import { router } from '#web/router.tsx'
import './styles.css'

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

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
