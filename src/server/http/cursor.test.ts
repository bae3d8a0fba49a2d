import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { cursorMicroseconds, cursorRowId, decodeCursor, encodeCursor } from '#server/http/cursor.ts'
import { HttpError } from '#server/http/errors.ts'
import { CURSOR_INVALID } from '#shared/solution.ts'

const position = z.tuple([cursorMicroseconds, cursorRowId])

function refusal(run: () => unknown): HttpError {
  try {
    run()
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('the cursor was accepted')
}

describe('cursors', () => {
  it('read back the values they were written from, as URL-safe text', () => {
    const cursor = encodeCursor(['1700000000123456', 42])
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor, position)).toEqual(['1700000000123456', 42])
  })

  it('give what the schema makes of them', () => {
    const named = position.transform(([us, id]) => ({ us, id }))
    expect(decodeCursor(encodeCursor(['7', 1]), named)).toEqual({ us: '7', id: 1 })
  })

  it.each([
    ['not base64url JSON', '!!!'],
    ['JSON that is not an array', Buffer.from('{"us":"7","id":1}').toString('base64url')],
    ['too few values', encodeCursor(['7'])],
    ['too many values', encodeCursor(['7', 1, 2])],
    ['microseconds as a number', encodeCursor([7, 1])],
    ['microseconds that are not digits', encodeCursor(['7e3', 1])],
    ['microseconds too long for a timestamp', encodeCursor(['1'.repeat(18), 1])],
    ['a row id of zero', encodeCursor(['7', 0])],
    ['a row id that is not whole', encodeCursor(['7', 1.5])],
    ['a row id beyond an integer column', encodeCursor(['7', 2_147_483_648])],
    ['a row id as text', encodeCursor(['7', '1'])],
  ])('refuse %s with a 400 that names the cursor', (_, value) => {
    const error = refusal(() => decodeCursor(value, position))
    expect(error.status).toBe(400)
    expect(error.code).toBe('bad_request')
    expect(error.message).toBe(`cursor: ${CURSOR_INVALID}`)
  })
})
