import type { Plugin, Rolldown } from 'vite'

/** V8's explicit compile hint (Chrome 136+): compile every function of this file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

type Chunk = Rolldown.OutputChunk

/**
 * Marks the chunks a page runs as it starts with V8's compile hint. By default V8 compiles a
 * function only when it is first called, on the main thread, in the middle of the task that calls
 * it: the first hydration paid for compiling most of React DOM, React Router and TanStack Query that
 * way. A hinted file is compiled whole while it streams in, on a background thread.
 *
 * Marked: the entry and every chunk it imports statically, and the chunks `eager` picks (the
 * routes' own code, which runs on the page's first render). Chunks loaded for later needs (form
 * validation, the toast library) stay lazy, so nobody compiles code they may never run.
 *
 * The comment must be the file's first line, so it is added last, to the finished chunk; its
 * source map moves down a line with it.
 */
export function compileHints({ eager }: { eager: (chunk: Chunk) => boolean }): Plugin {
  return {
    name: 'frontend-dojo:compile-hints',
    apply: 'build',
    // After Vite's own passes, which still write the start of some chunks (their preload lists).
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, Chunk>()
        for (const [fileName, output] of Object.entries(bundle))
          if (output.type === 'chunk') chunks.set(fileName, output)

        const marked = new Set<string>()
        const markWithImports = (fileName: string) => {
          if (marked.has(fileName)) return
          marked.add(fileName)
          for (const imported of chunks.get(fileName)?.imports ?? []) markWithImports(imported)
        }
        for (const [fileName, chunk] of chunks) if (chunk.isEntry) markWithImports(fileName)
        for (const [fileName, chunk] of chunks) if (eager(chunk)) marked.add(fileName)

        for (const fileName of marked) {
          const chunk = chunks.get(fileName)
          if (!chunk || chunk.code.startsWith(COMPILE_HINT)) continue
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
          // A leading ";" in `mappings` is an empty first line: every mapping moves down one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
          const mapFile = bundle[`${fileName}.map`]
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            const map = JSON.parse(mapFile.source) as { mappings: string }
            map.mappings = `;${map.mappings}`
            mapFile.source = JSON.stringify(map)
          }
        }
      },
    },
  }
}
