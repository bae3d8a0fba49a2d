import { describe, expect, it } from 'vitest'
import { isBlankText } from '#shared/visible-text.ts'
import { INVISIBLE_TEXTS } from '#tests/support/invisible-text.ts'

describe('text that shows nothing is blank', () => {
  it.each(Object.entries(INVISIBLE_TEXTS))('counts %s as blank', (_, text) => {
    expect(isBlankText(text)).toBe(true)
  })

  it.each(['a', '.', 'é', 'e\u0301', '\u200bHi\u200b', '😀', '\u200d😀', '李', '`', '\u202eolleh'])(
    'counts %j as text',
    (text) => {
      expect(isBlankText(text)).toBe(false)
    },
  )
})
