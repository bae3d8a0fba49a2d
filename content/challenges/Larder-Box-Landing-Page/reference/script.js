// Larder Box: scroll-spy for the sticky header's section links.
// The link of the section being read gets aria-current="true" (and its style from that attribute):
// the section being read is the last one whose top has passed a line just under the sticky header.
// Above the first linked section (in the hero) no link is current.

const header = document.querySelector('.site-header')
const list = document.querySelector('.section-nav ul')
const links = [...list.querySelectorAll('a[href^="#"]')]
const sections = links.map((link) => document.getElementById(link.hash.slice(1)))
const READING_OFFSET = 32

// After a click on a link, that link stays current until the visitor scrolls by themselves: a short
// last section may never reach the line, and a smooth scroll would light up every link on its way.
let pinned = null

function setCurrent(current) {
  for (const link of links) {
    if (link === current) link.setAttribute('aria-current', 'true')
    else link.removeAttribute('aria-current')
  }
  if (current) keepInView(current)
  // Back in the hero no link is current: the row starts at its first link again.
  else list.scrollLeft = 0
}

// On phones the links are a row that scrolls sideways: bring the current one into it, without
// scrolling the page (scrollIntoView would).
function keepInView(link) {
  if (list.scrollWidth <= list.clientWidth) return
  list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2
}

function currentLink() {
  const line = header.getBoundingClientRect().bottom + READING_OFFSET
  const root = document.documentElement
  // At the very bottom of a page that scrolls, the last section is the one being read.
  if (window.scrollY > 0 && window.scrollY + window.innerHeight >= root.scrollHeight - 2) return links.at(-1)
  let current = null
  for (const [index, section] of sections.entries()) {
    if (section.getBoundingClientRect().top <= line) current = links[index]
  }
  return current
}

let queued = false
function update() {
  if (pinned || queued) return
  queued = true
  requestAnimationFrame(() => {
    queued = false
    if (!pinned) setCurrent(currentLink())
  })
}

list.addEventListener('click', (event) => {
  const link = event.target.closest('a')
  if (!link) return
  pinned = link
  setCurrent(link)
})

// Scrolling by hand (wheel, touch, keys, a press anywhere but the links) hands control back to the page.
function unpin(event) {
  if (!pinned || (event.type === 'pointerdown' && list.contains(event.target))) return
  pinned = null
  update()
}
for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown']) {
  window.addEventListener(type, unpin, { passive: true })
}

window.addEventListener('scroll', update, { passive: true })
window.addEventListener('resize', update)
setCurrent(currentLink())
