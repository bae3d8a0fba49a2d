/**
 * Whether member text shows anything at all (docs/product.md §12: a comment must say something). Text
 * made only of characters that draw nothing counts as blank: white space (`\p{White_Space}`), control
 * characters (`\p{Cc}`), format characters (`\p{Cf}`: zero-width spaces and joiners, U+FEFF, the soft
 * hyphen, bidi controls), Unicode's default-ignorable code points (Hangul fillers U+115F, U+1160, U+3164,
 * U+FFA0, variation selectors, U+180E, U+034F), combining marks with no base (`\p{Mn}`, `\p{Me}`), line
 * and paragraph separators (`\p{Z}`), and the blank Braille pattern U+2800, which fonts draw as nothing.
 * The client's form and the server's schema share it.
 */
const INVISIBLE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Mn}\p{Me}\p{Z}\u2800]*$/u

/** True when `value` is empty or made only of characters that draw nothing. */
export function isBlankText(value: string): boolean {
  return INVISIBLE.test(value)
}
