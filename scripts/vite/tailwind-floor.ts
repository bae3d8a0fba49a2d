import { transform } from 'lightningcss'
import type { Plugin } from 'vite'

/**
 * Tailwind CSS v4 supports Safari 16.4+, Chrome 111+ and Firefox 128+, but still writes one polyfill for
 * older browsers into every stylesheet: `@layer properties`, the initial values of its `--tw-*` variables
 * behind an `@supports` test that only a browser without `@property` passes (Safari before 16.4, Firefox
 * before 128). Every browser the app runs on registers those variables with the `@property` rules that
 * Tailwind writes beside it, so the block never applies; it was 0.4 KB of the gzipped stylesheet every
 * page waits for (docs/decisions/019-first-visit-budgets.md). Tailwind's compiler can leave it out, but
 * its Vite plugin has no switch for that, so this drops it from Tailwind's output, as a parsed rule
 * rather than as text, before Vite's own CSS passes (prefixes, minifying) run.
 */
export function tailwindFloor(): Plugin {
  return {
    name: 'frontend-dojo:tailwind-floor',
    apply: 'build',
    transform: {
      filter: { id: /\.css$/, code: '@layer properties' },
      handler(code, id) {
        const result = transform({
          filename: id,
          code: Buffer.from(code),
          visitor: {
            Rule: {
              'layer-block': (rule) => (rule.value.name?.join('.') === 'properties' ? [] : undefined),
            },
          },
        })
        return { code: result.code.toString(), map: null }
      },
    },
  }
}
