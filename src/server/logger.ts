const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
export type LogLevel = keyof typeof LEVELS

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void
  info(message: string, data?: Record<string, unknown>): void
  warn(message: string, data?: Record<string, unknown>): void
  error(message: string, data?: Record<string, unknown>): void
}

/** One line per event: time, level, message, then key=value data, readable in a terminal and a log file. */
export function createLogger(level: LogLevel): Logger {
  const threshold = LEVELS[level]
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, data?: Record<string, unknown>) => {
    if (LEVELS[at] < threshold) return
    const fields = data
      ? ` ${Object.entries(data)
          .map(([k, v]) => `${k}=${v instanceof Error ? JSON.stringify(v.message) : JSON.stringify(v)}`)
          .join(' ')}`
      : ''
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}${fields}`
    if (at === 'error' || at === 'warn') console.error(line)
    else console.log(line)
  }
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  }
}
