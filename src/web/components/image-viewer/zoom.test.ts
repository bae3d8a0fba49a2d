import { describe, expect, it } from 'vitest'
import {
  clampScroll,
  PAN_STEP,
  panForKey,
  scaleFor,
  scrollAfterZoom,
  stepZoom,
  zoomForKey,
  zoomLabel,
} from '#web/components/image-viewer/zoom.ts'

describe('image viewer zoom and pan', () => {
  it('fits the width without ever enlarging, and draws 100 % and 200 % at one and two pixels', () => {
    expect(scaleFor('fit', 1440, 720)).toBe(0.5)
    expect(scaleFor('fit', 375, 720)).toBe(1)
    expect(scaleFor('fit', 0, 720)).toBe(1)
    expect(scaleFor(1, 1440, 720)).toBe(1)
    expect(scaleFor(2, 1440, 720)).toBe(2)
    expect(['fit', 1, 2].map((zoom) => zoomLabel(zoom as 'fit' | 1 | 2))).toEqual(['Fit', '100 %', '200 %'])
  })

  it('steps through the zooms and stops at the ends', () => {
    expect(stepZoom('fit', 1)).toBe(1)
    expect(stepZoom(1, 1)).toBe(2)
    expect(stepZoom(2, 1)).toBe(2)
    expect(stepZoom(2, -1)).toBe(1)
    expect(stepZoom('fit', -1)).toBe('fit')
    expect(zoomForKey('+', 1)).toBe(2)
    expect(zoomForKey('=', 'fit')).toBe(1)
    expect(zoomForKey('-', 2)).toBe(1)
    expect(zoomForKey('0', 2)).toBe('fit')
    expect(zoomForKey('a', 2)).toBeNull()
  })

  it('keeps a scroll position within the overflowing content', () => {
    expect(clampScroll(-20, 1000, 400)).toBe(0)
    expect(clampScroll(250.4, 1000, 400)).toBe(250)
    expect(clampScroll(900, 1000, 400)).toBe(600)
    // Content smaller than the viewport does not scroll at all.
    expect(clampScroll(50, 300, 400)).toBe(0)
  })

  it('keeps the point at the centre of the viewport in place when zooming', () => {
    // Centre at 300 of 1000 px content at scale 1 is 600 at scale 2: scrolled to 600 - 200.
    expect(scrollAfterZoom(100, 400, 1, 2, 2000)).toBe(400)
    // Back to scale 1 returns there.
    expect(scrollAfterZoom(400, 400, 2, 1, 1000)).toBe(100)
    // Clamped at the ends.
    expect(scrollAfterZoom(0, 400, 1, 0.5, 500)).toBe(0)
    expect(scrollAfterZoom(600, 400, 1, 2, 2000)).toBe(1400)
    expect(scrollAfterZoom(600, 400, 1, 2, 1200)).toBe(800)
  })

  it('pans by a step per arrow key, a viewport with Shift or a page key, and to the ends with Home and End', () => {
    const viewport = { width: 800, height: 500 }
    expect(panForKey('ArrowRight', false, viewport)).toEqual({ x: PAN_STEP, y: 0 })
    expect(panForKey('ArrowLeft', false, viewport)).toEqual({ x: -PAN_STEP, y: 0 })
    expect(panForKey('ArrowDown', false, viewport)).toEqual({ x: 0, y: PAN_STEP })
    expect(panForKey('ArrowUp', true, viewport)).toEqual({ x: 0, y: -450 })
    expect(panForKey('ArrowRight', true, viewport)).toEqual({ x: 720, y: 0 })
    expect(panForKey('PageDown', false, viewport)).toEqual({ x: 0, y: 450 })
    expect(panForKey('Home', false, viewport)).toEqual({ x: 0, y: Number.NEGATIVE_INFINITY })
    expect(panForKey('End', false, viewport)).toEqual({ x: 0, y: Number.POSITIVE_INFINITY })
    expect(panForKey('Enter', false, viewport)).toBeNull()
  })
})
