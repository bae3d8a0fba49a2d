import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import { clearSession, signOutRequest } from '#web/features/auth/api/session.ts'
import { toast } from '#web/lib/toast.ts'

const SIGN_OUT_FAILED = 'Sign-out failed. Please try again.'

/**
 * Sign Out (docs/product.md §2, §4): the server ends the session, then the app forgets the user and goes to
 * /. A failed sign-out keeps the user signed in (§4, §8) and says so. `onSignedOut` runs first, e.g. to close
 * the sidebar.
 */
export function useSignOut(onSignedOut?: () => void) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: signOutRequest,
    // Hook-level callbacks run even when the signed-out state has unmounted the caller.
    onSuccess: () => {
      onSignedOut?.()
      clearSession(queryClient)
      navigate(paths.home)
    },
    onError: (error) => {
      console.warn('Sign-out failed:', error)
      toast.error(SIGN_OUT_FAILED)
    },
  })
}
