// Orrery features: vertical tabs with manual activation (the WAI-ARIA tabs pattern).
// - Only the selected tab is in the Tab order (tabindex="0"); the others have tabindex="-1".
// - ArrowDown and ArrowUp move the focus between tabs (wrapping around), Home and End jump to the
//   first and last; moving does not select. Enter or Space (a click, as the tabs are buttons) selects
//   the focused tab and shows its panel ("manual activation"), so a keyboard user can look through
//   the tab names without the panel below changing at every step.

const tablist = document.querySelector('[role="tablist"]')
const tabs = [...tablist.querySelectorAll('[role="tab"]')]
const panelOf = (tab) => document.getElementById(tab.getAttribute('aria-controls'))

function select(tab) {
  for (const other of tabs) {
    const selected = other === tab
    other.setAttribute('aria-selected', String(selected))
    other.tabIndex = selected ? 0 : -1
    panelOf(other).hidden = !selected
  }
}

// Buttons turn Enter and Space into clicks, so one listener selects for the mouse and the keyboard.
tablist.addEventListener('click', (event) => {
  const tab = event.target.closest('[role="tab"]')
  if (tab) select(tab)
})

tablist.addEventListener('keydown', (event) => {
  const index = tabs.indexOf(document.activeElement)
  if (index === -1) return
  const moves = {
    ArrowDown: (index + 1) % tabs.length,
    ArrowUp: (index - 1 + tabs.length) % tabs.length,
    Home: 0,
    End: tabs.length - 1,
  }
  if (!(event.key in moves)) return
  event.preventDefault()
  const next = tabs[moves[event.key]]
  // The roving tabindex follows the focus, so Tab leaves the list from any tab.
  for (const tab of tabs) tab.tabIndex = tab === next ? 0 : -1
  next.focus()
})

// When the focus leaves the list, the selected tab is again the one Tab comes back to.
tablist.addEventListener('focusout', (event) => {
  if (tablist.contains(event.relatedTarget)) return
  for (const tab of tabs) tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1
})

// Every panel is in the page flow until now, so the section reads in full without JavaScript;
// from here on only the selected one shows.
select(tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0])
