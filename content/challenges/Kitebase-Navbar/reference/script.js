// Kitebase navbar: the mobile menu toggle and the Product dropdown.
// Both follow the disclosure pattern: a <button> with aria-expanded controls
// the element named by its aria-controls; CSS shows or hides it from that state.

const header = document.querySelector('.site-header')
const menuToggle = header.querySelector('.menu-toggle')
const submenuToggle = header.querySelector('.submenu-toggle')
const submenu = document.getElementById(submenuToggle.getAttribute('aria-controls'))
const submenuItem = submenuToggle.closest('.has-submenu')
const desktop = window.matchMedia('(min-width: 64em)')

const isOpen = (toggle) => toggle.getAttribute('aria-expanded') === 'true'
const submenuLinks = () => [...submenu.querySelectorAll('a')]

function setMenu(open) {
  menuToggle.setAttribute('aria-expanded', String(open))
  // Lock page scrolling behind the full-height panel.
  document.documentElement.classList.toggle('has-open-menu', open)
  if (!open) setSubmenu(false)
}

function setSubmenu(open) {
  submenuToggle.setAttribute('aria-expanded', String(open))
}

menuToggle.addEventListener('click', () => setMenu(!isOpen(menuToggle)))
submenuToggle.addEventListener('click', () => setSubmenu(!isOpen(submenuToggle)))

// Escape closes the innermost open layer and puts focus back on its button,
// so keyboard users never lose their place.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return
  if (desktop.matches && isOpen(submenuToggle)) {
    setSubmenu(false)
    submenuToggle.focus()
  } else if (!desktop.matches && isOpen(menuToggle)) {
    setMenu(false)
    menuToggle.focus()
  }
})

// Desktop dropdown: arrow keys move between its links (a bonus, not required
// by the disclosure pattern, but it's what people expect from a dropdown).
submenuToggle.addEventListener('keydown', (event) => {
  if (!desktop.matches || event.key !== 'ArrowDown') return
  event.preventDefault()
  setSubmenu(true)
  submenuLinks()[0].focus()
})

submenu.addEventListener('keydown', (event) => {
  if (!desktop.matches) return
  const links = submenuLinks()
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

// Desktop dropdown closes when focus or a click lands anywhere else.
submenuItem.addEventListener('focusout', (event) => {
  if (desktop.matches && !submenuItem.contains(event.relatedTarget)) setSubmenu(false)
})

document.addEventListener('click', (event) => {
  if (desktop.matches && !submenuItem.contains(event.target)) setSubmenu(false)
})

// Following a link inside the mobile panel (e.g. to an anchor) closes it.
header.querySelector('.site-menu').addEventListener('click', (event) => {
  if (!desktop.matches && event.target.closest('a')) setMenu(false)
})

// Crossing the breakpoint resets both menus, so a menu opened on a narrow
// window doesn't stay open (and lock scrolling) on a wide one.
desktop.addEventListener('change', () => setMenu(false))
