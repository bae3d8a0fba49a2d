import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Plugin, type Rolldown } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPILE_HINT, compileHints } from './compile-hints.ts'

// A small app built for real: an entry, a chunk it shares with a page, the page (loaded on demand,
// picked as eager) and a module loaded later (not picked).
const files = {
  'main.js': `import { shared } from './shared.js'
console.log(shared('main'))
import('./page.js').then((page) => console.log(page.render()))
document.addEventListener('click', () => import('./later.js').then((later) => console.log(later.later())))`,
  'shared.js': `export function shared(name) {
  return \`shared by \${name}\`
}`,
  'page.js': `import { shared } from './shared.js'
export function render() {
  return shared('page')
}`,
  'later.js': `export function later() {
  return 'later'
}`,
}

let dir: string

async function buildFixture(plugins: Plugin[]) {
  const result = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        input: join(dir, 'main.js'),
        // A chunk of its own, as the app's vendor chunks are.
        output: { codeSplitting: { groups: [{ name: 'shared', test: /shared\.js$/ }] } },
      },
    },
  })) as Rolldown.RolldownOutput
  const byModule = (name: string) => {
    const chunk = result.output.find(
      (output): output is Rolldown.OutputChunk =>
        output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(`/${name}`)),
    )
    if (!chunk) throw new Error(`no chunk holds ${name}`)
    const mapAsset = result.output.find((output) => output.fileName === `${chunk.fileName}.map`)
    const mapSource = mapAsset?.type === 'asset' ? String(mapAsset.source) : null
    return { chunk, map: mapSource ? (JSON.parse(mapSource) as { mappings: string }) : null }
  }
  return { byModule }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-compile-hints-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('compileHints', () => {
  it('marks the entry, its static imports and the picked chunks, and leaves the rest lazy', async () => {
    const plain = await buildFixture([])
    const hinted = await buildFixture([
      compileHints({ eager: (chunk) => chunk.facadeModuleId?.endsWith('/page.js') ?? false }),
    ])

    for (const name of ['main.js', 'shared.js', 'page.js']) {
      const before = plain.byModule(name)
      const after = hinted.byModule(name)
      // The four files are separate chunks, or the test would prove less than it says.
      expect(after.chunk.moduleIds.filter((id) => id.startsWith(dir))).toHaveLength(1)
      expect(after.chunk.code).toBe(`${COMPILE_HINT}\n${before.chunk.code}`)
      // The map moves down the one line the hint takes, in the chunk and in its .map file.
      expect(after.chunk.map?.mappings).toBe(`;${before.chunk.map?.mappings}`)
      expect(after.map?.mappings).toBe(`;${before.map?.mappings}`)
    }

    const later = hinted.byModule('later.js')
    expect(later.chunk.code).toBe(plain.byModule('later.js').chunk.code)
    expect(later.chunk.code).not.toContain(COMPILE_HINT)
  })
})
