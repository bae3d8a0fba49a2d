import type { Plugin } from 'vite'

/** The script that starts the app after the first paint (src/web/public/start.js). */
const START_SCRIPT = '/start.js'

const ENTRY_TAG = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g
const PRELOAD_TAG = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g

/**
 * Moves the app's scripts after the page's first paint (docs/decisions/019-first-visit-budgets.md).
 * Vite writes index.html's entry as a module script with a modulepreload link per file it imports, all
 * asked for as the page's head is read. Every page is rendered on the server and reads whole without
 * them; on a phone's narrow network they took bandwidth from the stylesheet, the font and the largest
 * image, and the largest paint waited for them.
 *
 * After Vite's own pass, the entry's tags become one deferred classic script, start.js, which names the
 * entry in `data-entry` and the files in `data-preload` and adds them after the first frame is drawn.
 */
export function scriptsAfterPaint(): Plugin {
  return {
    name: 'frontend-dojo:scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      // After Vite's own pass, which writes the entry's script and preload tags.
      order: 'post',
      handler(html) {
        const entries = [...html.matchAll(ENTRY_TAG)].map((match) => match[1])
        const preloads = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1])
        const [entry] = entries
        if (entries.length !== 1 || !entry)
          throw new Error(`index.html has ${entries.length} module scripts, not one`)
        const start = `<script src="${START_SCRIPT}" defer data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`
        return html
          .replace(ENTRY_TAG, '')
          .replace(PRELOAD_TAG, '')
          .replace('</head>', `  ${start}\n  </head>`)
      },
    },
  }
}
