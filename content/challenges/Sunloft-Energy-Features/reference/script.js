// Sunloft features: one set of disclosure buttons that works as an accordion on
// phones and tablets and as vertical tabs on desktop.
//
// Each button has aria-expanded and aria-controls; CSS hides a panel when its
// button says aria-expanded="false", so this script only flips that attribute.

const tabs = document.querySelector('[data-feature-tabs]')
const toggles = [...tabs.querySelectorAll('.feature__toggle')]
const desktop = window.matchMedia('(min-width: 64em)')

// The panel that was open last, so it can come back when the layout needs one open.
let current = toggles.find((toggle) => toggle.getAttribute('aria-expanded') === 'true') ?? toggles[0]

const isOpen = (toggle) => toggle.getAttribute('aria-expanded') === 'true'

// Opens one panel and closes the others (pass null to close them all).
function show(target) {
  for (const toggle of toggles) {
    toggle.setAttribute('aria-expanded', String(toggle === target))
  }
  if (target) current = target
}

tabs.addEventListener('click', (event) => {
  const toggle = event.target.closest('.feature__toggle')
  if (!toggle) return
  // On desktop a panel is always shown, like tabs; elsewhere a second click closes it.
  if (isOpen(toggle) && !desktop.matches) show(null)
  else show(toggle)
})

// Up and Down move between the buttons (wrapping around), Home and End jump to
// the first and last one. Enter and Space open them, as with any button.
tabs.addEventListener('keydown', (event) => {
  const index = toggles.indexOf(event.target)
  if (index === -1) return
  const moves = {
    ArrowDown: (index + 1) % toggles.length,
    ArrowUp: (index - 1 + toggles.length) % toggles.length,
    Home: 0,
    End: toggles.length - 1,
  }
  if (!(event.key in moves)) return
  event.preventDefault()
  toggles[moves[event.key]].focus()
})

// Tabs need one open panel: when the window grows past the breakpoint with every
// panel closed, reopen the last one that was open.
function ensureOne() {
  if (desktop.matches && !toggles.some(isOpen)) show(current)
}

desktop.addEventListener('change', ensureOne)
ensureOne()
