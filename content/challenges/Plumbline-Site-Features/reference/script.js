// Plumbline features: a category filter (radio buttons) combined with a "Free plan only" switch.
// - The radios are native, so the browser already handles the keyboard (arrow keys move and
//   select within the group, Tab leaves it).
// - The switch is a <button role="switch"> with aria-checked; Enter and Space toggle it.
// - After every change the cards that don't match get `hidden`, the counts on the chips follow
//   the switch, and the status line (role="status") tells screen reader users what changed.

const grid = document.getElementById('feature-grid')
const cards = [...grid.querySelectorAll('.feature')]
const radios = [...document.querySelectorAll('input[name="category"]')]
const freeOnly = document.getElementById('free-only')
const status = document.getElementById('result-count')
const empty = document.getElementById('empty-state')
const clear = document.getElementById('clear-filters')

const CATEGORY_NAMES = { site: 'on site', office: 'in the office', clients: 'for clients' }

const matchesPlan = (card) => !isFreeOnly() || card.dataset.plan === 'free'
const matchesCategory = (card, category) => category === 'all' || card.dataset.category === category
const isFreeOnly = () => freeOnly.getAttribute('aria-checked') === 'true'
const selectedCategory = () => radios.find((radio) => radio.checked).value

function describe(count, category) {
  if (count === cards.length) return `Showing all ${count} features`
  const kind = isFreeOnly() ? 'free features' : 'features'
  const where = category === 'all' ? '' : ` ${CATEGORY_NAMES[category]}`
  if (count === 0) return `No ${kind}${where}`
  return `Showing ${count} ${count === 1 ? kind.replace(/s$/, '') : kind}${where}`
}

function update() {
  const category = selectedCategory()
  let shown = 0
  for (const card of cards) {
    const visible = matchesCategory(card, category) && matchesPlan(card)
    card.hidden = !visible
    if (visible) shown += 1
  }

  // Each chip shows how many features it would give with the current plan setting.
  for (const radio of radios) {
    const count = cards.filter((card) => matchesCategory(card, radio.value) && matchesPlan(card)).length
    document.querySelector(`[data-count-for="${radio.value}"]`).textContent = count
  }

  grid.hidden = shown === 0
  empty.hidden = shown !== 0
  status.textContent = describe(shown, category)
}

for (const radio of radios) radio.addEventListener('change', update)

freeOnly.addEventListener('click', () => {
  freeOnly.setAttribute('aria-checked', String(!isFreeOnly()))
  update()
})

// "Clear filters" resets both controls and moves focus to the first filter,
// because the button itself disappears with the empty state.
clear.addEventListener('click', () => {
  radios[0].checked = true
  freeOnly.setAttribute('aria-checked', 'false')
  update()
  radios[0].focus()
})

// Browsers may restore form state on reload (the "back" button, for example): start from it.
update()
