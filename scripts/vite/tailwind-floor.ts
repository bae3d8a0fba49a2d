import { type Declaration, type Rule, type Selector, transform } from 'lightningcss'
import type { Plugin } from 'vite'

/**
 * Tailwind CSS v4 supports Safari 16.4+, Chrome 111+ and Firefox 128+, but still writes two polyfills for
 * older browsers into every stylesheet, and its Vite plugin has no switch to leave them out (its compiler
 * has one), so this drops them from Tailwind's output, as parsed rules rather than as text, before Vite's
 * own CSS passes (prefixes, minifying) run (docs/decisions/019-first-visit-budgets.md):
 *
 * - `@layer properties`: the initial values of its `--tw-*` variables behind an `@supports` test that only
 *   a browser without `@property` passes (Safari before 16.4, Firefox before 128). Every browser the app
 *   runs on registers those variables with the `@property` rules Tailwind writes beside it (0.4 KB
 *   gzipped).
 * - The colour fallbacks of `color-mix()`: each utility with an opacity (`bg-white/10`, `ring-accent-600/25`)
 *   is written twice, a fixed colour first and then the `color-mix()` one inside
 *   `@supports (color: color-mix(in lab, red, red))`. Every browser above that floor supports
 *   `color-mix()` (Safari 16.2, Chrome 111, Firefox 113), so the test always passes there: the rules inside
 *   take the block's place and the fallback declarations they overrode go (1.1 KB of the gzipped
 *   stylesheet). The fallbacks were also wrong in dark mode, being the light theme's colours written out.
 */
export function tailwindFloor(): Plugin {
  return {
    name: 'frontend-dojo:tailwind-floor',
    apply: 'build',
    transform: {
      filter: { id: /\.css$/, code: /@layer properties|color-mix\(in lab/ },
      handler(code, id) {
        // First the rules inside the colour tests, to know which declarations they override.
        const overridden = new Set<string>()
        transform({
          filename: id,
          code: Buffer.from(code),
          visitor: {
            Rule: {
              supports(rule) {
                if (!isColorMixTest(rule.value.condition)) return
                for (const inner of rule.value.rules)
                  if (inner.type === 'style')
                    for (const selector of inner.value.selectors)
                      for (const declaration of inner.value.declarations?.declarations ?? [])
                        overridden.add(key(selector, declaration))
              },
            },
          },
        })
        const result = transform({
          filename: id,
          code: Buffer.from(code),
          visitor: {
            Rule: {
              'layer-block': (rule) => (rule.value.name?.join('.') === 'properties' ? [] : undefined),
              supports: (rule) =>
                isColorMixTest(rule.value.condition) ? withoutNulls(rule.value.rules) : undefined,
              style(rule) {
                const { selectors, declarations } = rule.value
                const list = declarations?.declarations ?? []
                // A fallback: not itself a color-mix() value, and overridden by a test's rule for that selector
                // (Tailwind's selectors carry their variants, so a utility's selector is written in one place).
                const fallback = (selector: Selector, declaration: Declaration) =>
                  overridden.has(key(selector, declaration)) &&
                  !JSON.stringify(declaration).includes('"color-mix"')
                if (!declarations || list.length === 0) return
                const kept = list.filter((declaration) => !selectors.every((s) => fallback(s, declaration)))
                // Tailwind's optimizer merges a fallback into a neighbour with the same declaration
                // (`.bg-accent-400,.bg-accent-400\/10`): the neighbour keeps it, the fallback's selector goes.
                const others =
                  declarations.importantDeclarations.length > 0
                    ? selectors
                    : selectors.filter((s) => !kept.every((declaration) => fallback(s, declaration)))
                if (kept.length === list.length && others.length === selectors.length) return
                if (
                  kept.length === 0 &&
                  declarations.importantDeclarations.length === 0 &&
                  !rule.value.rules?.length
                )
                  return []
                declarations.declarations = kept
                if (others.length > 0) rule.value.selectors = others
                return withoutNulls(rule)
              },
            },
          },
        })
        return { code: result.code.toString(), map: null }
      },
    },
  }
}

/** Tailwind's test for `color-mix()`, the condition of the blocks that hold the real colours. */
function isColorMixTest(condition: Extract<Rule, { type: 'supports' }>['value']['condition']): boolean {
  return (
    condition.type === 'declaration' &&
    condition.propertyId.property === 'color' &&
    condition.value.replace(/\s+/g, '') === 'color-mix(inlab,red,red)'
  )
}

/** A selector with a declaration's property (and vendor prefix), whether the value parsed or not. */
function key(selector: Selector, declaration: Declaration): string {
  const id: { property: string; vendorPrefix?: unknown } =
    declaration.property === 'custom'
      ? { property: declaration.value.name }
      : declaration.property === 'unparsed'
        ? declaration.value.propertyId
        : (declaration as { property: string; vendorPrefix?: unknown })
  return `${JSON.stringify(selector)} ${id.property} ${JSON.stringify(id.vendorPrefix ?? [])}`
}

/**
 * The rule as lightningcss reads a returned rule back: it gives an absent optional value (a `var()`'s
 * fallback) as `null` but reads back only a missing key, so the nulls are removed.
 */
function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) for (const item of value) withoutNulls(item)
  else if (value && typeof value === 'object')
    for (const [name, item] of Object.entries(value)) {
      if (item === null) delete (value as Record<string, unknown>)[name]
      else withoutNulls(item)
    }
  return value
}
