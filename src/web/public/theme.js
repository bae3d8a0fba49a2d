// Sets the theme on <html> before the first paint (docs/product.md §2 Footer, docs/decisions/015-dark-mode.md):
// the member's choice kept in this browser ("light" or "dark"), else the system's preference. Loaded by
// index.html as a plain, render-blocking script from the app (the Content-Security-Policy runs no inline
// script); src/web/lib/theme.ts keeps it up to date afterwards and must read the same key.
;(() => {
  let choice = null
  try {
    choice = window.localStorage.getItem('theme')
  } catch {
    // Storage refused (a privacy setting): the system's preference decides.
  }
  const dark =
    choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.dataset.theme = dark ? 'dark' : 'light'
})()
