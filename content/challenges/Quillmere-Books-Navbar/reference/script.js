// Quillmere navbar: three mega-menu sections and the mobile drawer.
// Every button follows the disclosure pattern: aria-expanded on the <button>
// says whether the element named by its aria-controls is shown, and CSS shows
// or hides it from that attribute alone.

const header = document.querySelector('.site-header')
const menuToggle = header.querySelector('.menu-toggle')
const nav = document.getElementById(menuToggle.getAttribute('aria-controls'))
const backdrop = document.querySelector('.backdrop')
const panelToggles = [...nav.querySelectorAll('.panel-toggle')]
const topLinks = [...nav.querySelectorAll('.nav-list > .nav-item > .nav-link')]
const outside = [document.querySelector('.notice'), document.getElementById('main')]
const desktop = window.matchMedia('(min-width: 64em)')

const isOpen = (toggle) => toggle.getAttribute('aria-expanded') === 'true'
const panelOf = (toggle) => document.getElementById(toggle.getAttribute('aria-controls'))
const linksOf = (toggle) => [...panelOf(toggle).querySelectorAll('a')]
const openPanelToggle = () => panelToggles.find(isOpen)

function updateBackdrop() {
  const drawerOpen = !desktop.matches && isOpen(menuToggle)
  const panelOpen = desktop.matches && openPanelToggle() !== undefined
  backdrop.hidden = !(drawerOpen || panelOpen)
}

// One section open at a time, on every screen size.
function setPanel(toggle, open) {
  for (const other of panelToggles) other.setAttribute('aria-expanded', String(open && other === toggle))
  updateBackdrop()
}

function closePanels() {
  for (const toggle of panelToggles) toggle.setAttribute('aria-expanded', 'false')
  updateBackdrop()
}

function setDrawer(open) {
  menuToggle.setAttribute('aria-expanded', String(open))
  // The page behind the drawer neither scrolls nor takes focus while it is open.
  document.documentElement.classList.toggle('has-open-drawer', open)
  for (const element of outside) element.inert = open
  if (!open) closePanels()
  updateBackdrop()
}

menuToggle.addEventListener('click', () => setDrawer(!isOpen(menuToggle)))

for (const toggle of panelToggles) {
  toggle.addEventListener('click', () => setPanel(toggle, !isOpen(toggle)))

  // Desktop: ArrowDown opens the section and moves to its first link, ArrowUp to its last.
  toggle.addEventListener('keydown', (event) => {
    if (!desktop.matches || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return
    event.preventDefault()
    setPanel(toggle, true)
    const links = linksOf(toggle)
    links[event.key === 'ArrowDown' ? 0 : links.length - 1].focus()
  })

  // Desktop: inside an open section, the arrow keys, Home and End move between its links.
  panelOf(toggle).addEventListener('keydown', (event) => {
    if (!desktop.matches) return
    const links = linksOf(toggle)
    const index = links.indexOf(document.activeElement)
    const moves = {
      ArrowDown: (index + 1) % links.length,
      ArrowUp: (index - 1 + links.length) % links.length,
      Home: 0,
      End: links.length - 1,
    }
    if (!(event.key in moves)) return
    event.preventDefault()
    links[moves[event.key]].focus()
  })

  // Desktop: a section closes when the focus leaves it (Tab past its last link, or to another section).
  toggle.closest('.nav-item').addEventListener('focusout', (event) => {
    if (desktop.matches && !toggle.closest('.nav-item').contains(event.relatedTarget)) {
      toggle.setAttribute('aria-expanded', 'false')
      updateBackdrop()
    }
  })
}

// Desktop: ArrowLeft and ArrowRight move along the top row (wrapping), Home and End jump to its ends.
nav.querySelector('.nav-list').addEventListener('keydown', (event) => {
  const index = topLinks.indexOf(document.activeElement)
  if (!desktop.matches || index === -1) return
  const moves = {
    ArrowRight: (index + 1) % topLinks.length,
    ArrowLeft: (index - 1 + topLinks.length) % topLinks.length,
    Home: 0,
    End: topLinks.length - 1,
  }
  if (!(event.key in moves)) return
  event.preventDefault()
  topLinks[moves[event.key]].focus()
})

// Escape closes the innermost open layer and gives the focus back to the button that opened it.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return
  const toggle = openPanelToggle()
  if (desktop.matches && toggle) {
    closePanels()
    toggle.focus()
  } else if (!desktop.matches && isOpen(menuToggle)) {
    setDrawer(false)
    menuToggle.focus()
  }
})

// A click on the dimmed page, or anywhere outside the open section, closes it.
backdrop.addEventListener('click', () => {
  if (desktop.matches) closePanels()
  else setDrawer(false)
})

document.addEventListener('click', (event) => {
  if (desktop.matches && !event.target.closest('.has-panel')) closePanels()
})

// Following a link in the drawer closes it.
nav.addEventListener('click', (event) => {
  if (!desktop.matches && event.target.closest('a')) setDrawer(false)
})

// Crossing the breakpoint closes everything, so no layer stays open (or locks scrolling) in the other
// layout. Browsers may fire 'change' without a switch (when the viewport is resized for a screenshot,
// say), so only a real switch counts.
let wasDesktop = desktop.matches
desktop.addEventListener('change', () => {
  if (desktop.matches === wasDesktop) return
  wasDesktop = desktop.matches
  setDrawer(false)
})
