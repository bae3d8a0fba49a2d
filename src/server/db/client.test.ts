import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { databaseUnavailableReason, withDeadline } from '#server/db/unavailable.ts'
import { testDatabaseUrl } from '#tests/support/requirements.ts'

/** The error a promise rejects with, or a test failure if it hangs past `ms`. */
async function failureOf(promise: Promise<unknown>, ms = 8000): Promise<unknown> {
  const outcome = await withDeadline(
    promise.then(
      () => ({ error: null }),
      (error: unknown) => ({ error }),
    ),
    ms,
    'the call under test',
  )
  return outcome.error
}

describe('the PostgreSQL pool with a server that is not answering', () => {
  let silent: Server
  let port = 0
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    // Accepts connections and never says a word, like a paused (SIGSTOP) PostgreSQL.
    silent = createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    port = (silent.address() as { port: number }).port
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('gives up on connecting after the connect timeout, as an outage', async () => {
    const handle = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/silent`,
      connectTimeoutMs: 200,
    })
    try {
      const started = performance.now()
      const error = await failureOf(handle.db.execute(sql`select 1`))
      expect(performance.now() - started).toBeLessThan(3000)
      expect(databaseUnavailableReason(error)).not.toBeNull()
      // A transaction fails the same way.
      const txError = await failureOf(handle.db.transaction(async (tx) => tx.execute(sql`select 1`)))
      expect(databaseUnavailableReason(txError)).not.toBeNull()
    } finally {
      await handle.close()
    }
  })

  it('answers a refused connection at once, as an outage', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as { port: number }).port
    await new Promise((resolve) => closed.close(resolve))
    const handle = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${closedPort}/x`,
    })
    try {
      expect(databaseUnavailableReason(await failureOf(handle.db.execute(sql`select 1`)))).toBe(
        'ECONNREFUSED',
      )
    } finally {
      await handle.close()
    }
  })
})

const serverUrl = testDatabaseUrl()

describe.runIf(serverUrl)('the PostgreSQL pool on a real server', () => {
  it('has the server cancel a statement that runs past statement_timeout (57014)', async () => {
    const handle = await openDatabase({
      kind: 'postgres',
      url: serverUrl ?? '',
      statementTimeoutMs: 200,
      queryTimeoutMs: 5000,
    })
    try {
      const error = await failureOf(handle.db.execute(sql`select pg_sleep(3)`))
      expect(databaseUnavailableReason(error)).toBe('57014')
      await expect(handle.db.execute(sql`select 1 as one`)).resolves.toBeTruthy()
    } finally {
      await handle.close()
    }
  })

  it('discards a connection whose query timed out inside a transaction, instead of reusing it', async () => {
    // One connection: if the timed-out one went back to the pool, the next query would queue behind
    // the sleep still running on it and time out too.
    const handle = await openDatabase({
      kind: 'postgres',
      url: serverUrl ?? '',
      poolSize: 1,
      queryTimeoutMs: 300,
      statementTimeoutMs: 10_000,
    })
    try {
      for (let round = 0; round < 2; round++) {
        const started = performance.now()
        const error = await failureOf(
          handle.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`)
            await tx.execute(sql`select pg_sleep(3)`)
          }),
        )
        // The rollback does not wait for another timeout on the broken connection.
        expect(performance.now() - started).toBeLessThan(2000)
        expect(databaseUnavailableReason(error)).not.toBeNull()
        const next = performance.now()
        await expect(handle.db.execute(sql`select 1 as one`)).resolves.toBeTruthy()
        await expect(
          handle.db.transaction(async (tx) => tx.execute(sql`select 2 as two`)),
        ).resolves.toBeTruthy()
        expect(performance.now() - next).toBeLessThan(2000)
      }
    } finally {
      await handle.close()
    }
  })

  it('still waits as long as needed for the startup lock', async () => {
    const first = await openDatabase({ kind: 'postgres', url: serverUrl ?? '', statementTimeoutMs: 200 })
    const second = await openDatabase({ kind: 'postgres', url: serverUrl ?? '', statementTimeoutMs: 200 })
    try {
      const order: string[] = []
      let holding = () => {}
      const held = new Promise<void>((resolve) => {
        holding = resolve
      })
      await Promise.all([
        first.withStartupLock(async () => {
          order.push('first in')
          holding()
          // Longer than the statement timeout: the second must wait past it.
          await new Promise((resolve) => setTimeout(resolve, 600))
          order.push('first out')
        }),
        held.then(() =>
          second.withStartupLock(async () => {
            order.push('second in')
          }),
        ),
      ])
      expect(order).toEqual(['first in', 'first out', 'second in'])
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})

describe('PGlite', () => {
  it('keeps a small buffer cache in this process, on a data folder and in memory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dojo-pglite-'))
    try {
      for (const options of [{ kind: 'pglite', dataDir } as const, { kind: 'pglite' } as const]) {
        const handle = await openDatabase(options)
        try {
          const result = (await handle.db.execute(sql`show shared_buffers`)) as { rows: unknown[] }
          expect(result.rows[0]).toEqual({ shared_buffers: '32MB' })
        } finally {
          await handle.close()
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
