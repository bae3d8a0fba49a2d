/**
 * The scripts a server-rendered page starts with, as src/web/public/start.js reads them from the HTML:
 * index.html's entry, the files it imports, then the route's own (the JSON block #route-scripts).
 */
export function pageScripts(html: string): string[] {
  const start = /<script src="\/start\.js" defer data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/.exec(
    html,
  )
  if (!start) return []
  const route = /<script type="application\/json" id="route-scripts">([^<]*)<\/script>/.exec(html)?.[1]
  const routeFiles = route ? (JSON.parse(route) as string[]) : []
  return [start[1] ?? '', ...(start[2] ?? '').split(' ').filter(Boolean), ...routeFiles]
}
