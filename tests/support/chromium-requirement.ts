import { existsSync } from 'node:fs'
import { CHROMIUM_PATH } from '#server/chromium.ts'
import { missing } from '#tests/support/requirements.ts'

/** Chromium at CHROMIUM_PATH, for the tests that open a browser (see requirements.ts). */
export function hasChromium(): boolean {
  return (
    existsSync(CHROMIUM_PATH) ||
    missing(`Chromium is not at ${CHROMIUM_PATH}: install Debian's chromium package, or set CHROMIUM_PATH.`)
  )
}
