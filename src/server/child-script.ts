import { type ChildProcess, type ForkOptions, fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PROJECT_ROOT } from '#server/project-root.ts'

/**
 * Starts one of the server's helper scripts in a child process. The built server runs
 * `dist/server/<name>.js` (esbuild writes each beside index.js, see `build:server`); from source
 * (tsx, Vitest) the TypeScript file runs through tsx. `source` is the script's URL relative to the
 * caller, and `built` the same name relative to the caller's bundle.
 */
export function forkServerScript(
  script: { built: URL; source: URL },
  args: string[],
  options: Omit<ForkOptions, 'execArgv' | 'cwd'> = {},
): ChildProcess {
  const built = fileURLToPath(script.built)
  if (existsSync(built)) return fork(built, args, { ...options, execArgv: [] })
  // `--import tsx` is resolved from the working directory: the project's own node_modules.
  return fork(fileURLToPath(script.source), args, {
    ...options,
    execArgv: ['--import', 'tsx'],
    cwd: PROJECT_ROOT,
  })
}
