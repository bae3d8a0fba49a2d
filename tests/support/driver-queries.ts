import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Database } from '#server/db/client.ts'

/** Statements the driver under a Drizzle database was asked to run since the counter started. */
export type QueryCounter = {
  /** The statements so far, as the driver received them (a transaction counts as one, its start). */
  readonly statements: readonly string[]
  /** Puts the driver's methods back. */
  stop(): void
}

type Method = (...args: unknown[]) => unknown

/** What to do with a statement: undefined lets it through; a promise is what the driver answers instead. */
export type Intercept = (statement: string) => Promise<unknown> | undefined

/** Replaces `target[name]` with a function that shows its statement to `intercept` first. */
function wrap(target: object, name: string, intercept: Intercept): () => void {
  const own = Object.hasOwn(target, name)
  const original = (target as Record<string, Method>)[name]
  if (typeof original !== 'function') throw new Error(`the driver has no ${name}`)
  ;(target as Record<string, Method>)[name] = function (this: unknown, ...args: unknown[]) {
    const [first] = args
    const text =
      typeof first === 'string'
        ? first
        : typeof first === 'object' && first !== null && 'text' in first
          ? String(first.text)
          : `(${name})`
    return intercept(text) ?? original.apply(this, args)
  }
  return () => {
    if (own) (target as Record<string, Method>)[name] = original
    else delete (target as Record<string, Method>)[name]
  }
}

/**
 * Shows `intercept` every statement that reaches the database driver `db` runs on (client.ts), below
 * Drizzle and whatever the app keeps in memory: PGlite's `query`, `exec` and `transaction`, or
 * node-postgres' `Pool.query` and `Pool.connect` (a transaction checks a client out; every statement
 * outside one is a `Pool.query`, which checks one out too). Returns a function that puts them back.
 */
export function interceptDriverQueries(db: Database, intercept: Intercept): () => void {
  const driver = (db as unknown as { $client?: unknown }).$client
  let restores: (() => void)[]
  if (driver instanceof PGlite) {
    restores = ['query', 'exec', 'transaction'].map((name) => wrap(driver, name, intercept))
  } else if (driver instanceof pg.Pool) {
    restores = ['query', 'connect'].map((name) => wrap(driver, name, intercept))
  } else {
    throw new Error('the database runs on a driver this helper does not know')
  }
  return () => {
    for (const restore of restores.reverse()) restore()
  }
}

/** Records what reaches the driver under `db`: for the tests that a path runs no query at all. */
export function countDriverQueries(db: Database): QueryCounter {
  const statements: string[] = []
  const stop = interceptDriverQueries(db, (statement) => {
    statements.push(statement)
    return undefined
  })
  return { statements, stop }
}
