import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumEnv } from '#server/chromium.ts'
import { FONT_FAMILIES, fontconfigFile, fontconfigXml } from '#server/fonts/fontconfig.ts'
import { hasChromium } from '#tests/support/chromium-requirement.ts'

const fontPackage = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'))

describe('the fontconfig file', () => {
  it("lists the package's fonts and no folder of the machine's", () => {
    const xml = fontconfigXml('/app/node_modules/dejavu-fonts-ttf', '/tmp/fonts/cache')
    expect([...xml.matchAll(/<dir>(.*?)<\/dir>/g)].map((m) => m[1])).toEqual([
      '/app/node_modules/dejavu-fonts-ttf/ttf',
    ])
    expect(xml).not.toMatch(/\/etc\/fonts|\/usr\/share\/fonts|~\/\.fonts|<include[^>]*>conf\.d/)
    expect(xml).toContain('<cachedir>/tmp/fonts/cache</cachedir>')
  })

  it('escapes a folder name that XML would misread', () => {
    expect(fontconfigXml('/a&b/<x>', '/c')).toContain('<dir>/a&amp;b/&lt;x&gt;/ttf</dir>')
  })

  it('is written once, whole, and names the installed package', async () => {
    const file = await fontconfigFile()
    expect(await fontconfigFile()).toBe(file)
    expect(await readFile(file, 'utf8')).toContain(`<dir>${join(fontPackage, 'ttf')}</dir>`)
    expect((await chromiumEnv()).FONTCONFIG_FILE).toBe(file)
  })
})

// The proof that a capture's fallback fonts are the shipped ones: Chromium reports, per element, the
// platform font it drew the text with. 'Liberation Sans' is installed on many Linux machines (Debian's
// sans-serif for Chromium there); with the project's fonts it is not found and ends on DejaVu Sans.
describe.skipIf(!hasChromium())('a reviewing Chromium', { timeout: 60_000 }, () => {
  it('draws the generic families, and families nobody ships, with DejaVu from the package', async () => {
    const { chromium } = await import('playwright-core')
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      env: await chromiumEnv(),
    })
    try {
      const page = await browser.newPage()
      const families = ['sans-serif', 'serif', 'monospace', 'Liberation Sans', 'Arial', 'system-ui']
      await page.setContent(
        families
          .map((family, i) => `<p id="f${i}" style="font-family: ${family}">Hamburgefonstiv 0123</p>`)
          .join(''),
      )
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('DOM.enable')
      await cdp.send('CSS.enable')
      const { root } = await cdp.send('DOM.getDocument')
      const drawnWith: Record<string, string[]> = {}
      for (const [i, family] of families.entries()) {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `#f${i}` })
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
        drawnWith[family] = fonts.map((font) => font.familyName)
      }
      expect(drawnWith).toEqual({
        'sans-serif': [FONT_FAMILIES['sans-serif']],
        serif: [FONT_FAMILIES.serif],
        monospace: [FONT_FAMILIES.monospace],
        'Liberation Sans': ['DejaVu Sans'],
        Arial: ['DejaVu Sans'],
        'system-ui': ['DejaVu Sans'],
      })
    } finally {
      await browser.close()
    }
  })
})
