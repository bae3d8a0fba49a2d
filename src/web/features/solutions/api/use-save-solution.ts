import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { SolutionUpdate } from '#shared/solution.ts'
import { solutionKeys, updateSolution } from '#web/features/solutions/api/solutions.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

/**
 * Saving a member's changes to their solution (PATCH, docs/product.md §11), as the solution page's form
 * and the challenge page's write-up form both do: the saved solution goes into the cache, a toast says
 * `texts.saved`; a refusal shows the server's message, any other failure `texts.failed`.
 */
export function useSaveSolution(solutionId: string, texts: { saved: string; failed: string }) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: (update: SolutionUpdate) => updateSolution(solutionId, update),
  })
  /** True once saved. */
  const save = async (update: SolutionUpdate): Promise<boolean> => {
    setFailure(null)
    try {
      const saved = await mutation.mutateAsync(update)
      queryClient.setQueryData(solutionKeys.one(solutionId), saved)
      toast.success(texts.saved)
      return true
    } catch (error) {
      setFailure(error instanceof ApiError && error.status === 400 ? error.message : texts.failed)
      return false
    }
  }
  return { save, failure }
}
