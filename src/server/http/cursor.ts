/**
 * Keyset pagination's cursors: a page's position (the sort values of its last row) as base64url JSON,
 * opaque to the client, and read back through a zod schema, so a cursor the server did not write is a
 * 400 that says so rather than a query error.
 */
import { z } from 'zod'
import { HttpError } from '#server/http/errors.ts'
import { CURSOR_INVALID } from '#shared/solution.ts'

/** Microseconds since 1970, as text: a timestamp exactly, where a number would lose precision. */
export const cursorMicroseconds = z.string().regex(/^\d{1,17}$/)
/** A row id of a serial column (a PostgreSQL integer). */
export const cursorRowId = z.number().int().min(1).max(2_147_483_647)

/** The cursor of a page that ends at a row with these sort values. */
export function encodeCursor(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url')
}

/** The sort values of `value`, as `schema` reads them; a 400 `bad_request` when it does not. */
export function decodeCursor<S extends z.ZodType>(value: string, schema: S): z.output<S> {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    parsed = undefined
  }
  const result = schema.safeParse(parsed)
  if (!result.success) throw new HttpError(400, 'bad_request', `cursor: ${CURSOR_INVALID}`)
  return result.data
}
