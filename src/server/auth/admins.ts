/**
 * The admins (docs/product.md §12): members whose GitHub login ADMIN_GITHUB_LOGINS names, in any letter
 * case. A login is what GitHub says at each sign-in, so a renamed account stops or starts being one then.
 */
export type Admins = { has(username: string): boolean }

export function adminsOf(logins: readonly string[]): Admins {
  const set = new Set(logins.map((login) => login.toLowerCase()))
  return { has: (username) => set.has(username.toLowerCase()) }
}

export const noAdmins: Admins = adminsOf([])
