import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger, LOG_VALUE_MAX, routeConsoleWarnings } from '#server/logger.ts'

/** The lines the logger wrote while `run` ran. */
function linesOf(run: () => void): string[] {
  const lines: string[] = []
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line))
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line))
  try {
    run()
  } finally {
    error.mockRestore()
    log.mockRestore()
  }
  return lines
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /

describe('the log', () => {
  afterEach(() => vi.restoreAllMocks())

  it('writes one timestamped line an event, a field bounded however long the value sent', () => {
    const path = `/challenge/%ZZ${'a'.repeat(12_000)}`
    const [line, ...rest] = linesOf(() =>
      createLogger('info').warn('request refused', { path, multiline: 'one\ntwo' }),
    )
    expect(rest).toEqual([])
    expect(line).toMatch(TIMESTAMP)
    expect(line).toContain('WARN request refused path="/challenge/%ZZaaa')
    expect(line).toContain(`…(${path.length + 2 - LOG_VALUE_MAX} more)`)
    expect(line).toContain('multiline="one\\ntwo"')
    expect(line?.length).toBeLessThan(LOG_VALUE_MAX + 200)
    expect(line).not.toContain('\n')
  })

  it("takes libraries' console warnings, bounded and timestamped, until put back", () => {
    let restore = () => {}
    const lines = linesOf(() => {
      restore = routeConsoleWarnings(createLogger('info'))
      console.warn('The URL path "%s" could not be decoded', `/x/%ZZ${'b'.repeat(12_000)}`)
      restore()
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(TIMESTAMP)
    expect(lines[0]).toContain('WARN library warning message="The URL path \\"/x/%ZZbbb')
    expect(lines[0]?.length).toBeLessThan(LOG_VALUE_MAX + 200)
    expect(console.warn).not.toBe(undefined)
  })
})
