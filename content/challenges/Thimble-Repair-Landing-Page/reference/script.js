// Thimble: the menu button on phones and tablets (the disclosure pattern). The button's aria-expanded
// says whether the menu is open; the CSS shows the menu from that attribute. Escape, a chosen link or a
// click elsewhere closes it; Escape gives the focus back to the button.
document.documentElement.classList.add('js')

const toggle = document.getElementById('menu-toggle')
const menu = document.getElementById('site-menu')

const isOpen = () => toggle.getAttribute('aria-expanded') === 'true'
const setOpen = (open) => toggle.setAttribute('aria-expanded', String(open))

toggle.addEventListener('click', () => setOpen(!isOpen()))

menu.addEventListener('click', (event) => {
  if (event.target.closest('a')) setOpen(false)
})

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || !isOpen()) return
  setOpen(false)
  toggle.focus()
})

document.addEventListener('click', (event) => {
  if (isOpen() && !toggle.contains(event.target) && !menu.contains(event.target)) setOpen(false)
})
