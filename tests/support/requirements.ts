import { existsSync } from 'node:fs'

/**
 * What a test needs from the machine: a program, a file or a server. On a developer's machine a test
 * whose need is missing is skipped (and `npm test` says how many were); in CI (`CI` set, as `.ci/run`
 * does) none may skip, so a missing need fails the test file with a sentence that says what to install
 * or set. (Chromium's is in chromium-requirement.ts: this module loads no browser code, so tests
 * that check that a path never loads any can use the database helpers.)
 */
const IN_CI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0'

export function missing(sentence: string): false {
  if (IN_CI) throw new Error(`${sentence} In CI no test may be skipped for want of it.`)
  return false
}

/** A file a test reads from the system (a font, say), with the package that installs it. */
export function hasSystemFile(path: string, debianPackage: string): boolean {
  return existsSync(path) || missing(`${path} is missing: install Debian's ${debianPackage} package.`)
}

/**
 * TEST_DATABASE_URL: a PostgreSQL server where tests create and drop their own databases. Vitest's
 * global setup (postgres-global-setup.ts) sets it to a private cluster when PostgreSQL's server
 * programs are installed, so it is unset only when they are not.
 */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL
  if (!url)
    missing(
      "No PostgreSQL server for the tests: install Debian's postgresql package (a private cluster is then started for the run) or point TEST_DATABASE_URL at a server (postgres://…).",
    )
  return url
}

/** TEST_REDIS_URL: a Redis server for the rate-limit store's Redis tests. */
export function testRedisUrl(): string | undefined {
  const url = process.env.TEST_REDIS_URL
  if (!url) missing('TEST_REDIS_URL is not set: point it at a Redis server (redis://127.0.0.1:6379).')
  return url
}
