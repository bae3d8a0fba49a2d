import { z } from 'zod'

/**
 * How the app greets a member right after a sign-in (docs/product.md §4 Session): `Welcome` after the
 * sign-in that created the account, `Welcome back` after any later one. The callback leaves it in an
 * HttpOnly cookie that only the session check receives; its answer carries `greeting` once and deletes
 * the cookie.
 */
export const signInGreetingSchema = z.enum(['first', 'again'])
export type SignInGreeting = z.infer<typeof signInGreetingSchema>

export function parseSignInGreeting(value: unknown): SignInGreeting | null {
  const parsed = signInGreetingSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** The greeting's words for a member called `name`. */
export function greetingText(greeting: SignInGreeting, name: string): string {
  return `${greeting === 'first' ? 'Welcome' : 'Welcome back'}, ${name}!`
}
