import { format } from 'node:util'

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
export type LogLevel = keyof typeof LEVELS

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void
  info(message: string, data?: Record<string, unknown>): void
  warn(message: string, data?: Record<string, unknown>): void
  error(message: string, data?: Record<string, unknown>): void
}

/**
 * The most characters a message or one field's value takes on a line: anyone can send a 12 KB address,
 * and a line that echoes it whole fills the log. An error's stack fits.
 */
export const LOG_VALUE_MAX = 4000

function bounded(text: string): string {
  return text.length <= LOG_VALUE_MAX
    ? text
    : `${text.slice(0, LOG_VALUE_MAX)}…(${text.length - LOG_VALUE_MAX} more)`
}

/** One line per event: time, level, message, then key=value data, readable in a terminal and a log file. */
export function createLogger(level: LogLevel): Logger {
  const threshold = LEVELS[level]
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, data?: Record<string, unknown>) => {
    if (LEVELS[at] < threshold) return
    const fields = data
      ? ` ${Object.entries(data)
          .map(
            ([k, v]) => `${k}=${bounded(JSON.stringify(v instanceof Error ? v.message : v) ?? 'undefined')}`,
          )
          .join(' ')}`
      : ''
    // JSON.stringify keeps a value on one line; the message is the code's own, but bounded all the same.
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${bounded(message)}${fields}`
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

/**
 * What libraries write with `console.warn` (React Router about an address it cannot decode, React while
 * rendering a page) goes through `log`: timestamped, on one line, bounded, like the server's own lines.
 * Returns a function that puts the console back.
 */
export function routeConsoleWarnings(log: Logger): () => void {
  const original = console.warn
  console.warn = (...args: unknown[]) => log.warn('library warning', { message: format(...args) })
  return () => {
    console.warn = original
  }
}
