import { describe, expect, it } from 'vitest'
import { formatFileSize, formatLongDateUtc, formatMediumDate } from '#web/lib/format.ts'

// Each function stands in for an Intl format (format.ts says why): they must write the same text.
const medium = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })
const longUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
const kilobytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 })
const megabytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })

/** A deterministic spread of values (the same on every run). */
function* spread(count: number, seed: number): Generator<number> {
  let state = seed
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648
    yield state / 2147483648
  }
}

describe('formatMediumDate', () => {
  it('writes every day of four years, at any hour, as Intl does', () => {
    const start = Date.UTC(2023, 0, 1)
    for (let day = 0; day < 4 * 366; day++) {
      for (const hour of [0, 7, 13, 23]) {
        const date = new Date(start + day * 86_400_000 + hour * 3_600_000 + 59_000)
        expect(formatMediumDate(date)).toBe(medium.format(date))
      }
    }
  })
})

describe('formatLongDateUtc', () => {
  it('writes every day of four years as Intl does, in UTC whatever the hour', () => {
    const start = Date.UTC(2023, 0, 1)
    for (let day = 0; day < 4 * 366; day++) {
      for (const hour of [0, 23]) {
        const date = new Date(start + day * 86_400_000 + hour * 3_600_000 + 3_599_000)
        expect(formatLongDateUtc(date)).toBe(longUtc.format(date))
      }
    }
    expect(formatLongDateUtc(new Date('2026-09-03T00:00:00Z'))).toBe('September 3, 2026')
  })
})

describe('formatFileSize', () => {
  const intl = (bytes: number) =>
    bytes < 1024 * 1024
      ? kilobytes.format(Math.max(1, Math.round(bytes / 1024)))
      : megabytes.format(bytes / (1024 * 1024))

  it('writes kilobytes and megabytes as Intl does, at the edges and across the range', () => {
    const edges = [0, 1, 511, 512, 1023, 1024, 1535, 1536, 999_999, 1_047_551, 1_047_552, 1_048_575]
    const megabyteEdges = [1_048_576, 1_101_004, 1_101_005, 1_310_720, 1_572_864, 10_433_331, 1_048_576_000]
    const spreadKilobytes = [...spread(2000, 7)].map((x) => Math.floor(x * 1_048_576))
    const spreadMegabytes = [...spread(2000, 11)].map((x) => Math.floor(1_048_576 + x * 5_000_000_000))
    for (const bytes of [...edges, ...megabyteEdges, ...spreadKilobytes, ...spreadMegabytes])
      expect(formatFileSize(bytes), `${bytes} bytes`).toBe(intl(bytes))
  })

  it('groups thousands and drops a zero tenth', () => {
    expect(formatFileSize(1_048_575)).toBe('1,024 kB')
    expect(formatFileSize(1_048_576)).toBe('1 MB')
    expect(formatFileSize(1_572_864)).toBe('1.5 MB')
    expect(formatFileSize(1_048_576 * 1234.56)).toBe('1,234.6 MB')
    expect(formatFileSize(10)).toBe('1 kB')
  })
})
