import { queryOptions } from '@tanstack/react-query'
import type { VerificationResponse } from '#shared/verification.ts'
import { memberKeys } from '#web/features/auth/api/session.ts'
import { apiFetch, postJson } from '#web/lib/api-client.ts'

/**
 * Where the verification tag goes, in one sentence: VERIFICATION_HINT of #shared/verification.ts, repeated
 * here because that module carries zod, which the page's code does not load (verification.test.ts checks
 * that both say the same).
 */
export const VERIFICATION_HINT =
  'Put this tag inside the <head> of the page you submit, then publish the site: it proves the site is yours on any host.'

/** Under the member keys: signing out drops the token with the rest of the member's data. */
export const verificationKeys = {
  mine: [...memberKeys.all, 'verification'] as const,
}

/** GET /api/me/verification: the member's token and the tag that carries it (docs/product.md §10). */
export const verificationQuery = () =>
  queryOptions({
    queryKey: verificationKeys.mine,
    queryFn: () => apiFetch<VerificationResponse>('/api/me/verification'),
    // It changes only when the member rotates it, and that answer replaces the cached one.
    staleTime: 5 * 60_000,
  })

/** POST /api/me/verification/rotate: a new token; the old tag stops counting for new reviews. */
export function rotateVerification(): Promise<VerificationResponse> {
  return apiFetch<VerificationResponse>('/api/me/verification/rotate', postJson())
}
