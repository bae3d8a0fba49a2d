// Every local file named by reference/*.html, reference/*.css, starter/index.html and
// starter/style.css exists (starter paths read as zip paths), and none of them loads anything from
// the network. Links (<a href>) may point anywhere.
import { readFile } from 'node:fs/promises'
import { join, posix } from 'node:path'
import { extractCssReferences, type Reference } from './css-references.ts'
import { extractHtmlReferences } from './html-references.ts'
import { listFiles, type Problem, shown, sourceOfZipPath } from './shared.ts'

const IGNORED_SCHEMES = /^(data|mailto|tel|javascript|about|blob|sms):/i
const NETWORK = /^(https?:)?\/\//i

/** Where a file's paths lead: the challenge folder (reference) or the zip (starter). */
type Base = 'reference' | 'starter'

function checkReference(
  dir: string,
  file: string,
  base: Base,
  ref: Reference,
  problems: Problem[],
  present: Set<string>,
): void {
  const path = `${shown(join(dir, file))}:${ref.line}`
  const value = ref.value
  if (value === '' || value.startsWith('#') || IGNORED_SCHEMES.test(value)) return
  if (NETWORK.test(value)) {
    if (ref.loads)
      problems.push({
        path,
        field: ref.field,
        message: `loads ${value} from the network; ship the file instead`,
      })
    return
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    if (ref.loads)
      problems.push({ path, field: ref.field, message: `loads ${value}, which is not a local file` })
    return
  }
  if (value.startsWith('/')) {
    problems.push({
      path,
      field: ref.field,
      message: `${value} is root-relative; use a path relative to the file (it breaks under https://<user>.github.io/<repo>/)`,
    })
    return
  }
  let target: string
  try {
    target = decodeURIComponent(value.replace(/[?#].*$/, ''))
  } catch {
    target = value.replace(/[?#].*$/, '')
  }
  if (target === '') return
  // Where the file is in the challenge folder (reference) or in the zip (starter).
  const from = base === 'reference' ? 'reference' : '.'
  const resolved = posix.normalize(posix.join(from, target))
  if (resolved.startsWith('../') || resolved === '..') {
    const where = base === 'reference' ? 'the challenge folder' : 'the zip (starter paths are zip paths)'
    problems.push({ path, field: ref.field, message: `${value} points outside ${where}` })
    return
  }
  if (base === 'starter' && resolved.startsWith('reference/')) {
    problems.push({
      path,
      field: ref.field,
      message: `${value} points to the reference, which is not shipped`,
    })
    return
  }
  const source = base === 'reference' ? resolved : sourceOfZipPath(resolved)
  if (!present.has(source)) {
    const where = base === 'starter' ? ` (in the zip: ${resolved})` : ''
    problems.push({ path, field: ref.field, message: `${value} does not exist${where}` })
  }
}

/** Checks every reference of the challenge folder `dir`; see the top of this module. */
export async function checkReferences(dir: string): Promise<Problem[]> {
  const files = await listFiles(dir)
  const present = new Set(files)
  const problems: Problem[] = []
  const targets: { file: string; base: Base }[] = [
    ...files
      .filter((f) => /^reference\/[^/]+\.(html|css)$/.test(f))
      .map((file) => ({ file, base: 'reference' as const })),
    ...['starter/index.html', 'starter/style.css']
      .filter((f) => present.has(f))
      .map((file) => ({ file, base: 'starter' as const })),
  ]
  for (const { file, base } of targets) {
    const text = await readFile(join(dir, file), 'utf8')
    const refs = file.endsWith('.css') ? extractCssReferences(text) : extractHtmlReferences(text)
    for (const ref of refs) checkReference(dir, file, base, ref, problems, present)
  }
  return problems
}
