// Starts the app after the first paint: docs/decisions/019-first-visit-budgets.md, "Scripts after the
// first paint". index.html names the entry and its imports, the server the route's (#route-scripts).
;(() => {
  const self = document.currentScript
  let started = false
  const start = () => {
    if (started || !self) return
    started = true
    let route = []
    try {
      route = JSON.parse(document.getElementById('route-scripts')?.textContent || '[]')
    } catch {}
    for (const href of [...(self.dataset.preload || '').split(' '), ...route]) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.fetchPriority = 'low'
      link.href = href
      document.head.append(link)
    }
    const entry = document.createElement('script')
    entry.type = 'module'
    entry.fetchPriority = 'low'
    entry.src = self.dataset.entry
    document.head.append(entry)
  }
  // Just after the next frame; at once in a hidden tab, which draws none.
  if (document.visibilityState === 'hidden') start()
  else {
    requestAnimationFrame(() => setTimeout(start, 0))
    document.addEventListener('visibilitychange', start, { once: true })
  }
})()
