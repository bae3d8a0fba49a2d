// `npm start`: builds what is missing (or out of date), then runs the server. The server migrates the
// database and imports the catalogue itself when it is empty.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(join(root, dir), { recursive: true })) {
    const info = statSync(join(root, dir, entry))
    if (info.isFile()) newest = Math.max(newest, info.mtimeMs)
  }
  return newest
}

function outOfDate(output, sources) {
  const target = join(root, output)
  if (!existsSync(target)) return true
  const built = statSync(target).mtimeMs
  return sources.some((dir) => newestMtime(dir) > built)
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (outOfDate('dist/web/index.html', ['src/web', 'src/shared'])) run('build:web')
if (outOfDate('dist/server/index.js', ['src/server', 'src/shared'])) run('build:server')

await import(join(root, 'dist/server/index.js'))
