/**
 * Whether the app has finished its first render in this tab. Until then (on the server, and while the
 * browser hydrates the server's HTML) components render what the HTML already shows, e.g. an image
 * visible rather than hidden behind a skeleton, so the page paints before its JavaScript arrives.
 */
let hydrated = false

export function isHydrated(): boolean {
  return hydrated
}

export function markHydrated(): void {
  hydrated = true
}
