// Writes .br and .gz copies beside each compressible file of the built app, once, at build time, so
// the server sends brotli without compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = process.argv[2] ?? 'dist/web'
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/

const entries = await readdir(root, { recursive: true })
let count = 0
for (const entry of entries) {
  const path = join(root, entry)
  if (!COMPRESSIBLE.test(path) || !(await stat(path)).isFile()) continue
  const data = await readFile(path)
  if (data.byteLength < 1024) continue
  await writeFile(
    `${path}.br`,
    brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength },
    }),
  )
  await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }))
  count += 1
}
console.log(`compressed ${count} files in ${root} (brotli and gzip)`)
