import { readFileSync } from 'node:fs'
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import inter from '@capsizecss/metrics/inter'
import { fromFile } from '@capsizecss/unpack/fs'
import { describe, expect, it } from 'vitest'

/**
 * The fallback faces in styles.css (docs/decisions/015-dark-mode.md) carry Inter's metrics over Arial and
 * DejaVu Sans, as @capsizecss/core computes them: a wrong number makes the text move when Inter arrives.
 */
const styles = readFileSync(new URL('./styles.css', import.meta.url), 'utf8')

function declaredFace(family: string): Record<string, string> {
  const block = new RegExp(`@font-face \\{\\s*font-family: "${family}";([^}]*)\\}`).exec(styles)?.[1]
  if (!block) throw new Error(`styles.css has no @font-face for ${family}`)
  return Object.fromEntries(
    block
      .split(';')
      .map((line) => line.trim().split(/:\s*/))
      .filter(([name]) => name?.endsWith('-override') || name === 'size-adjust')
      .map(([name, value]) => [name, value]),
  )
}

async function computedFaces() {
  const dejavu = await fromFile(
    new URL('../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', import.meta.url).pathname,
  )
  const { fontFaces } = createFontStack([inter, arial, dejavu], { fontFaceFormat: 'styleObject' })
  return new Map(
    fontFaces.map((face) => [face['@font-face'].fontFamily.replace(/"/g, ''), face['@font-face']]),
  )
}

describe('the interface font’s fallback faces', () => {
  for (const family of ['Inter Fallback: Arial', 'Inter Fallback: DejaVu Sans']) {
    it(`${family} has Inter's size and vertical metrics`, async () => {
      const expected = (await computedFaces()).get(family)
      if (!expected) throw new Error(`capsize computed no face named ${family}`)
      expect(declaredFace(family)).toEqual({
        'ascent-override': expected.ascentOverride,
        'descent-override': expected.descentOverride,
        'line-gap-override': expected.lineGapOverride ?? '0%',
        'size-adjust': expected.sizeAdjust,
      })
    })
  }

  it('the interface font stack puts Inter first, then its fallback faces', () => {
    expect(styles).toMatch(
      /--font-sans:\s*"Inter Variable", "Inter Fallback: Arial", "Inter Fallback: DejaVu Sans",/,
    )
  })
})
