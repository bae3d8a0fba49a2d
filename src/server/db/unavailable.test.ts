import { DrizzleQueryError } from 'drizzle-orm/errors'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import {
  DeadlineError,
  databaseUnavailableReason,
  isDatabaseUnavailable,
  UNAVAILABLE_WARNING_INTERVAL_MS,
  warnThrottled,
  withDeadline,
} from '#server/db/unavailable.ts'
import { HttpError } from '#server/http/errors.ts'
import type { Logger } from '#server/logger.ts'

function withCode(message: string, code: string) {
  return Object.assign(new Error(message), { code })
}

/** What node-postgres builds from a server's ErrorResponse. */
function serverError(code: string, message = 'server error') {
  const error = new pg.DatabaseError(message, 0, 'error')
  error.code = code
  return error
}

function fakeLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger
}

describe('databaseUnavailableReason', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'ECONNREFUSED'],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET'), 'ECONNRESET'],
    [
      'a refusal on every address (AggregateError)',
      Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''), {
        code: 'ECONNREFUSED',
      }),
      'ECONNREFUSED',
    ],
    [
      'a full pool',
      new Error('timeout exceeded when trying to connect'),
      'timeout exceeded when trying to connect',
    ],
    [
      'a server that accepts but never answers',
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
      'Connection terminated due to connection timeout',
    ],
    [
      'a connection lost mid-query',
      new Error('Connection terminated unexpectedly'),
      'Connection terminated unexpectedly',
    ],
    ['a query with no answer', new Error('Query read timeout'), 'Query read timeout'],
    [
      'admin shutdown (57P01)',
      serverError('57P01', 'terminating connection due to administrator command'),
      '57P01',
    ],
    ['crash shutdown (57P02)', serverError('57P02'), '57P02'],
    ['the database system is starting up (57P03)', serverError('57P03'), '57P03'],
    [
      'statement timeout (57014)',
      serverError('57014', 'canceling statement due to statement timeout'),
      '57014',
    ],
    ['too many connections (53300)', serverError('53300'), '53300'],
    ['connection failure (08006)', serverError('08006'), '08006'],
    ['connection does not exist (08003)', serverError('08003'), '08003'],
    ['a deadline of our own', new DeadlineError('the database did not answer within 10 ms'), 'ETIMEDOUT'],
  ])('recognises %s', (_, error, reason) => {
    expect(databaseUnavailableReason(error)).toBe(reason)
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it('follows the cause chain of a DrizzleQueryError', () => {
    const wrapped = new DrizzleQueryError('select 1', [], withCode('connect ECONNREFUSED', 'ECONNREFUSED'))
    expect(databaseUnavailableReason(wrapped)).toBe('ECONNREFUSED')
    const deeper = new Error('outer', {
      cause: new DrizzleQueryError(
        'rollback',
        [],
        new Error('x', { cause: new Error('Query read timeout') }),
      ),
    })
    expect(databaseUnavailableReason(deeper)).toBe('Query read timeout')
  })

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', serverError('42601')],
    ['a serialization failure', serverError('40001')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an expected failure', new HttpError(404, 'not_found', 'Not here.')],
    ['a wrapped constraint error', new DrizzleQueryError('insert', [], serverError('23503'))],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
    ['null', null],
  ])('does not take %s for an outage', (_, error) => {
    expect(databaseUnavailableReason(error)).toBeNull()
  })

  it('stops on a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown }
    const b = new Error('b', { cause: a })
    a.cause = b
    expect(databaseUnavailableReason(a)).toBeNull()
  })
})

describe('warnThrottled', () => {
  it('warns once per interval per message and counts what it kept quiet', () => {
    const log = fakeLogger()
    warnThrottled(log, 'down', { reason: 'ECONNREFUSED' }, 1000)
    warnThrottled(log, 'down', { reason: 'ECONNREFUSED' }, 2000)
    warnThrottled(log, 'down', { reason: 'ECONNREFUSED' }, 3000)
    warnThrottled(log, 'other trouble', {}, 3000)
    expect(log.warn).toHaveBeenCalledTimes(2)
    warnThrottled(log, 'down', { reason: 'ECONNREFUSED' }, 1000 + UNAVAILABLE_WARNING_INTERVAL_MS)
    expect(log.warn).toHaveBeenCalledTimes(3)
    expect(log.warn).toHaveBeenLastCalledWith('down', { reason: 'ECONNREFUSED', sinceLastWarning: 2 })
    expect(log.error).not.toHaveBeenCalled()
  })
})

describe('withDeadline', () => {
  it('passes an answer through and turns silence into an outage', async () => {
    await expect(withDeadline(Promise.resolve(1), 1000)).resolves.toBe(1)
    const silence = new Promise(() => {})
    const started = performance.now()
    const error = await withDeadline(silence, 50).catch((e: unknown) => e)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(error).toBeInstanceOf(DeadlineError)
    expect(isDatabaseUnavailable(error)).toBe(true)
  })
})
