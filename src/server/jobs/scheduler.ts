import type { Logger } from '#server/logger.ts'

export type Scheduler = {
  /** Stops the timer and waits for a tick that is running now. */
  stop(): Promise<void>
}

export type SchedulerOptions = {
  /** What to do at each tick; a failure is logged and the next tick tries again. */
  tick: () => Promise<void>
  intervalMs: number
  /** The first tick comes this long after start (a starting process has other work first). */
  firstTickMs?: number
  /** Names the schedule in log lines. */
  name: string
  log: Logger
}

/**
 * A repeating tick inside the server process. Ticks never overlap: one that comes while the last is
 * still running is skipped. The timers are unref'd, so the schedule alone never keeps the process
 * alive. Several processes may run the same schedule: what a tick does must be safe to do twice
 * (the re-check tick queues with dedupe keys).
 */
export function startScheduler(options: SchedulerOptions): Scheduler {
  const { tick, intervalMs, name, log } = options
  let running: Promise<void> | null = null
  let stopped = false
  const run = () => {
    if (running || stopped) return
    running = tick()
      .catch((error: unknown) => log.warn(`${name}: the scheduled tick failed`, { error }))
      .finally(() => {
        running = null
      })
  }
  const first = setTimeout(run, options.firstTickMs ?? intervalMs)
  const every = setInterval(run, intervalMs)
  first.unref()
  every.unref()
  return {
    async stop() {
      stopped = true
      clearTimeout(first)
      clearInterval(every)
      await running
    },
  }
}
