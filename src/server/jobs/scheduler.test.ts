import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startScheduler } from '#server/jobs/scheduler.ts'
import type { Logger } from '#server/logger.ts'

function recordingLog() {
  const warnings: string[] = []
  const log: Logger = {
    debug() {},
    info() {},
    warn: (message) => warnings.push(message),
    error: (message) => warnings.push(message),
  }
  return { log, warnings }
}

/** A tick the test ends by hand, counting calls and how many run at once. */
function heldTick() {
  let calls = 0
  let running = 0
  let peak = 0
  const releases: (() => void)[] = []
  const tick = async () => {
    calls += 1
    running += 1
    peak = Math.max(peak, running)
    await new Promise<void>((resolve) => releases.push(resolve))
    running -= 1
  }
  return {
    tick,
    calls: () => calls,
    peak: () => peak,
    release: () => releases.shift()?.(),
  }
}

describe('startScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ticks first after firstTickMs, then every intervalMs, never two at once', async () => {
    const held = heldTick()
    const scheduler = startScheduler({
      name: 'test',
      tick: held.tick,
      intervalMs: 60_000,
      firstTickMs: 5000,
      log: recordingLog().log,
    })
    await vi.advanceTimersByTimeAsync(4999)
    expect(held.calls()).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(held.calls()).toBe(1)
    // Still running when the next three ticks come: they are skipped.
    await vi.advanceTimersByTimeAsync(180_000)
    expect(held.calls()).toBe(1)
    held.release()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(held.calls()).toBe(2)
    expect(held.peak()).toBe(1)
    held.release()
    await scheduler.stop()
  })

  it('logs a failed tick and tries again at the next one', async () => {
    const { log, warnings } = recordingLog()
    let calls = 0
    const scheduler = startScheduler({
      name: 'flaky',
      tick: async () => {
        calls += 1
        if (calls === 1) throw new Error('database away')
      },
      intervalMs: 1000,
      firstTickMs: 0,
      log,
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(warnings).toEqual(['flaky: the scheduled tick failed'])
    await vi.advanceTimersByTimeAsync(1000)
    expect(calls).toBe(2)
    expect(warnings).toHaveLength(1)
    await scheduler.stop()
  })

  it('stop() waits for the running tick, and no tick comes after it', async () => {
    const held = heldTick()
    const scheduler = startScheduler({
      name: 'test',
      tick: held.tick,
      intervalMs: 1000,
      firstTickMs: 0,
      log: recordingLog().log,
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(held.calls()).toBe(1)
    let stopped = false
    const stopping = scheduler.stop().then(() => {
      stopped = true
    })
    await vi.advanceTimersByTimeAsync(5000)
    expect(stopped).toBe(false)
    held.release()
    await stopping
    expect(stopped).toBe(true)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(held.calls()).toBe(1)
  })
})
