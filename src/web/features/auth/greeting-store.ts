import type { SignInGreeting } from '#shared/sign-in-greeting.ts'

/** What the session check said right after a sign-in, kept for this page load (docs/product.md §4). */
let greeting: SignInGreeting | null = null

export function rememberSignInGreeting(value: SignInGreeting): void {
  greeting = value
}

/** "first" when this page load's sign-in created the account, "again" after another, else null. */
export function signInGreeting(): SignInGreeting | null {
  return greeting
}
