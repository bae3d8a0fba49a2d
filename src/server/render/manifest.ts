/**
 * What the web build's manifest (dist/web/.vite/manifest.json) says a page loads. The server links a
 * rendered page's route scripts from it (public-pages.ts), and the budget test weighs the same files
 * (tests/e2e/budgets.spec.ts), so the two cannot disagree about what a first visit downloads.
 */
export type ManifestChunk = {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/** The app's entry in the manifest: index.html, whose scripts and stylesheet every page loads. */
export const ENTRY = 'index.html'

/** The files a manifest entry loads: its own and, transitively, those of its static imports. */
export function filesOf(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>()
  const visit = (name: string) => {
    const entry = manifest[name]
    if (!entry || files.has(entry.file)) return
    files.add(entry.file)
    for (const imported of entry.imports ?? []) visit(imported)
  }
  visit(key)
  return files
}

/** The route's scripts to preload, less the entry's own (index.html already loads those). */
export function modulepreloads(manifest: Manifest, key: string): string[] {
  const entry = filesOf(manifest, ENTRY)
  return [...filesOf(manifest, key)].filter((file) => file.endsWith('.js') && !entry.has(file))
}

/** Everything a first visit to the page of route module `key` loads: index.html's files and the route's. */
export function firstVisit(manifest: Manifest, key: string): { scripts: string[]; styles: string[] } {
  const entryFiles = filesOf(manifest, ENTRY)
  const scripts = [...entryFiles].filter((file) => file.endsWith('.js'))
  scripts.push(...modulepreloads(manifest, key))
  const chunks = Object.values(manifest).filter(
    (chunk) => entryFiles.has(chunk.file) || scripts.includes(chunk.file),
  )
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))]
  return { scripts, styles }
}
