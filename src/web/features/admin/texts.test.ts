import { describe, expect, it } from 'vitest'
import { MODERATION_ACTIONS } from '#shared/feedback-rule.ts'
import { ACTION_LABELS, formatDateTimeUtc } from '#web/features/admin/texts.ts'

describe('the moderation log (docs/product.md §12)', () => {
  it('writes when in UTC, with the time', () => {
    expect(formatDateTimeUtc(new Date('2026-11-25T04:05:59.000Z'))).toBe('November 25, 2026, 04:05 UTC')
    expect(formatDateTimeUtc(new Date('2026-12-31T23:59:00.000Z'))).toBe('December 31, 2026, 23:59 UTC')
  })

  it('names every action in words', () => {
    expect(MODERATION_ACTIONS.map((action) => ACTION_LABELS[action])).toEqual([
      'Hid a comment',
      'Restored a comment',
      'Hid a solution',
      'Restored a solution',
      'Suspended from commenting',
      'Restored commenting',
      'Dismissed a report',
    ])
  })
})
