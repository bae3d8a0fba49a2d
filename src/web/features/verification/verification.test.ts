import { describe, expect, it } from 'vitest'
import { VERIFICATION_HINT as SHARED_HINT } from '#shared/verification.ts'
import { VERIFICATION_HINT } from '#web/features/verification/api/verification.ts'

describe('the verification tag in the app', () => {
  it('says where the tag goes as the shared module does (the app does not import it: it carries zod)', () => {
    expect(VERIFICATION_HINT).toBe(SHARED_HINT)
  })
})
