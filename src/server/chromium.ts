/**
 * The system Chromium (Debian's package) and the flags every headless run here uses: the browser
 * tests, the design renderer and the Lighthouse benchmark. Nothing downloads a browser of its own.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
