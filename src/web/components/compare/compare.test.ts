import { describe, expect, it } from 'vitest'
import {
  clampPercent,
  comparedArea,
  downloadName,
  opacityText,
  splitClip,
  splitText,
} from '#web/components/compare/compare.ts'

describe('compare with the design', () => {
  it('compares the widest width and the tallest height, a height not known yet as 0', () => {
    expect(comparedArea({ width: 1440, height: 2000 }, { width: 1440, height: 2600 })).toEqual({
      width: 1440,
      height: 2600,
    })
    // A capture shorter than the design leaves the design's whole height.
    expect(comparedArea({ width: 375, height: 3000 }, { width: 375, height: 1200 })).toEqual({
      width: 375,
      height: 3000,
    })
    expect(comparedArea({ width: 768, height: null }, { width: 760, height: 900 })).toEqual({
      width: 768,
      height: 900,
    })
    expect(comparedArea({ width: 768, height: null }, { width: 768, height: null })).toEqual({
      width: 768,
      height: 0,
    })
  })

  it('keeps the range values whole and from 0 to 100', () => {
    expect(clampPercent(50)).toBe(50)
    expect(clampPercent(49.6)).toBe(50)
    expect(clampPercent(-5)).toBe(0)
    expect(clampPercent(140)).toBe(100)
    expect(clampPercent(Number.NaN)).toBe(0)
  })

  it('uncovers the site from the left and says how much of each shows', () => {
    expect(splitClip(50)).toBe('inset(0 50% 0 0)')
    expect(splitClip(100)).toBe('inset(0 0% 0 0)')
    expect(splitClip(0)).toBe('inset(0 100% 0 0)')
    expect(splitClip(120)).toBe('inset(0 0% 0 0)')
    expect(splitText(30)).toBe('30% of your site shown, 70% of the design')
    expect(opacityText(45)).toBe('Your site at 45% opacity over the design')
  })

  it("names a download after what it shows, with the file's own extension", () => {
    expect(downloadName('your-site-desktop', '/files/reviews/abc.PNG?v=2')).toBe('your-site-desktop.png')
    expect(downloadName('design-mobile', '/files/challenges/x/mobile.webp#top')).toBe('design-mobile.webp')
    expect(downloadName('design-tablet', '/files/challenges/x/tablet')).toBe('design-tablet')
    expect(downloadName('design-tablet', '/files/.hidden')).toBe('design-tablet')
  })
})
