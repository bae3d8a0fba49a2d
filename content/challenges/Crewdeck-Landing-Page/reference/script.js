// Crewdeck landing page: the mobile menu, the billing toggle and the FAQ.
// The menu and the FAQ follow the disclosure pattern: a <button> with
// aria-expanded controls the element named by its aria-controls, and CSS shows
// or hides that element from the attribute alone.

// ---------- Mobile menu ----------

const menuToggle = document.getElementById('menu-toggle')
const menu = document.getElementById(menuToggle.getAttribute('aria-controls'))
const desktop = window.matchMedia('(min-width: 64em)')

function setMenu(open) {
  menuToggle.setAttribute('aria-expanded', String(open))
}

menuToggle.addEventListener('click', () => {
  setMenu(menuToggle.getAttribute('aria-expanded') !== 'true')
})

// Escape closes the menu and puts focus back on its button.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && menuToggle.getAttribute('aria-expanded') === 'true') {
    setMenu(false)
    menuToggle.focus()
  }
})

// Following a link in the menu (they point at sections of this page) closes it.
menu.addEventListener('click', (event) => {
  if (event.target.closest('a')) setMenu(false)
})

// Growing past the breakpoint shows the links in the bar, so the menu resets.
desktop.addEventListener('change', () => setMenu(false))

// ---------- Billing period ----------

// Prices live in data attributes on the elements that show them, so the HTML
// stays the single source of truth: data-monthly and data-yearly.
const billing = document.querySelector('.billing')
const billingStatus = document.getElementById('billing-status')

billing.addEventListener('change', (event) => {
  const period = event.target.value
  for (const element of document.querySelectorAll('.plans [data-monthly]')) {
    element.textContent = element.dataset[period]
  }
  // One short, polite announcement instead of reading every price that changed.
  billingStatus.textContent =
    period === 'yearly' ? 'Showing yearly prices, 20% lower.' : 'Showing monthly prices.'
})

// ---------- FAQ ----------

// Each answer opens and closes on its own; several can be open at once.
document.querySelector('.faq__list').addEventListener('click', (event) => {
  const button = event.target.closest('button[aria-expanded]')
  if (!button) return
  button.setAttribute('aria-expanded', String(button.getAttribute('aria-expanded') !== 'true'))
})
