// Aurel hero: a tabbed product switcher, following the WAI-ARIA tabs pattern.
// - Only the selected tab is in the Tab order (tabindex="0"); the others have tabindex="-1".
// - ArrowLeft / ArrowRight move between tabs (wrapping around), Home / End jump to the
//   first / last one. Moving the focus also selects the tab ("automatic activation"),
//   which suits panels that are already in the page.
// - Each tab shows its panel (the others get `hidden`) and sets the colour theme of the page.

const tablist = document.querySelector('[role="tablist"]')
const tabs = [...tablist.querySelectorAll('[role="tab"]')]
const panelOf = (tab) => document.getElementById(tab.getAttribute('aria-controls'))

function select(tab, { focus = false } = {}) {
  for (const other of tabs) {
    const selected = other === tab
    other.setAttribute('aria-selected', String(selected))
    other.tabIndex = selected ? 0 : -1
    panelOf(other).hidden = !selected
  }
  // The panel carries its theme's name; the page takes it over.
  document.body.dataset.theme = panelOf(tab).dataset.theme
  if (focus) tab.focus()
}

tablist.addEventListener('click', (event) => {
  const tab = event.target.closest('[role="tab"]')
  if (tab) select(tab)
})

tablist.addEventListener('keydown', (event) => {
  const index = tabs.indexOf(document.activeElement)
  if (index === -1) return
  const last = tabs.length - 1
  const next = {
    ArrowRight: index === last ? 0 : index + 1,
    ArrowLeft: index === 0 ? last : index - 1,
    Home: 0,
    End: last,
  }[event.key]
  if (next === undefined) return
  event.preventDefault()
  select(tabs[next], { focus: true })
})
