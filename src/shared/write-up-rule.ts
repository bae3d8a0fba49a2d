/**
 * The write-up's rule (docs/product.md "Solutions"), without the Markdown renderer: the submit form and
 * the server's schemas check the same thing. Characters are counted as the database counts them (code
 * points), after line breaks are written as "\n" and NUL characters, which no text column can hold, are
 * dropped.
 */
export const WRITE_UP_MAX_LENGTH = 5000
export const WRITE_UP_TOO_LONG = `The write-up must be at most ${WRITE_UP_MAX_LENGTH.toLocaleString('en-US')} characters.`
export const WRITE_UP_NOT_TEXT = 'The write-up must be text.'

/** The write-up as it is stored: "\r\n" and "\r" written as "\n", NUL dropped, ends trimmed. */
export function normalizeWriteUp(value: string): string {
  return value.replace(/\r\n?/g, '\n').replaceAll(String.fromCharCode(0), '').trim()
}

/** Its length in characters (code points), as the limit counts them. */
export function writeUpLength(value: string): number {
  return [...value].length
}

/** The stored write-up (null for none), or the sentence that refuses it. */
export function parseWriteUp(
  value: string,
): { writeUp: string | null; error?: undefined } | { error: string } {
  const normalized = normalizeWriteUp(value)
  if (writeUpLength(normalized) > WRITE_UP_MAX_LENGTH) return { error: WRITE_UP_TOO_LONG }
  return { writeUp: normalized === '' ? null : normalized }
}
