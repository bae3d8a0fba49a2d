import type { Plugin } from 'vite'
import { SCRIPT_PRIORITY } from '../../src/server/render/manifest.ts'

const SCRIPT_TAG = /<(script type="module"|link rel="modulepreload")(?![^>]*\sfetchpriority=)/g

/**
 * Asks for the app's scripts after what the first paint needs. Every page is rendered on the server, so
 * the stylesheet, the font and the largest image are what a visitor waits for; the scripts only make the
 * page come alive. At the browser's default priority for module scripts (high), a phone's narrow
 * network shares its bandwidth between them and the stylesheet, and the first paint waits for both.
 *
 * Adds `fetchpriority="low"` to index.html's module script and its modulepreload links, after Vite
 * has written them; the server marks the route's own preloads the same way (`modulepreloadTag`).
 */
export function scriptsAfterPaint(): Plugin {
  return {
    name: 'frontend-dojo:scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      // After Vite's own pass, which writes the entry's script and preload tags.
      order: 'post',
      handler: (html) => html.replace(SCRIPT_TAG, (tag) => `${tag} ${SCRIPT_PRIORITY}`),
    },
  }
}
