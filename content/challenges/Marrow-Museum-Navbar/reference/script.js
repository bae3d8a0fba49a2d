// Marrow navbar: the Visit disclosure and, on phones, the menu button.
// Both follow the disclosure pattern: aria-expanded on the <button> says
// whether what its aria-controls names is shown, and CSS reads it from there.

const header = document.querySelector('.site-header')
const menuToggle = header.querySelector('.menu-toggle')
const visitToggle = document.getElementById('visit-toggle')
const visitItem = visitToggle.parentElement
// The menu button only shows below 48em; above it the links are always in the bar.
const phone = window.matchMedia('(max-width: 47.9375em)')

const isOpen = (toggle) => toggle.getAttribute('aria-expanded') === 'true'

function setVisit(open) {
  visitToggle.setAttribute('aria-expanded', String(open))
}

function setMenu(open) {
  menuToggle.setAttribute('aria-expanded', String(open))
  header.classList.toggle('menu-open', open)
  if (!open) setVisit(false)
}

visitToggle.addEventListener('click', () => setVisit(!isOpen(visitToggle)))
menuToggle.addEventListener('click', () => setMenu(!isOpen(menuToggle)))

// Escape closes the innermost open layer and puts the focus back on its button.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return
  if (isOpen(visitToggle)) {
    setVisit(false)
    visitToggle.focus()
  } else if (isOpen(menuToggle)) {
    setMenu(false)
    menuToggle.focus()
  }
})

// A click outside closes what it is outside of: the Visit panel in the bar,
// the whole menu on phones (the panel stays open inside the menu).
document.addEventListener('click', (event) => {
  const target = event.target
  if (phone.matches) {
    if (isOpen(menuToggle) && !header.contains(target)) setMenu(false)
  } else if (isOpen(visitToggle) && !visitItem.contains(target)) {
    setVisit(false)
  }
})

// In the bar, tabbing out of the Visit item closes its panel.
visitItem.addEventListener('focusout', (event) => {
  if (phone.matches || event.relatedTarget === null) return
  if (!visitItem.contains(event.relatedTarget)) setVisit(false)
})

// The menu button only exists on phones: leaving that layout with the menu open
// closes it, so it is not found open on the way back. The Visit panel works in
// every layout and stays as it is.
phone.addEventListener('change', () => {
  if (!phone.matches && isOpen(menuToggle)) setMenu(false)
})
