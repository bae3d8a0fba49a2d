/**
 * How the app greets a member right after a sign-in (docs/product.md §4 Session): `Welcome` after the
 * sign-in that created the account, `Welcome back` after any later one. The callback leaves it in an
 * HttpOnly cookie that only the session check receives; its answer carries `greeting` once and deletes
 * the cookie. No schema library here: every page's shell greets.
 */
export const SIGN_IN_GREETINGS = ['first', 'again'] as const
export type SignInGreeting = (typeof SIGN_IN_GREETINGS)[number]

export function parseSignInGreeting(value: unknown): SignInGreeting | null {
  return SIGN_IN_GREETINGS.find((greeting) => greeting === value) ?? null
}

/** The greeting's words for a member called `name`. */
export function greetingText(greeting: SignInGreeting, name: string): string {
  return `${greeting === 'first' ? 'Welcome' : 'Welcome back'}, ${name}!`
}
