import type { Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { tailwindFloor } from './tailwind-floor.ts'

/** Runs the plugin's transform on a stylesheet as Tailwind's Vite plugin hands it over (minified). */
function floor(css: string): string {
  const { transform } = tailwindFloor() as Plugin & {
    transform: { handler: (code: string, id: string) => { code: string } }
  }
  return transform.handler(css, '/app/styles.css').code.replace(/\s+/g, ' ').trim()
}

const TEST = '@supports (color:color-mix(in lab, red, red))'

describe('tailwindFloor', () => {
  it("drops Tailwind's @layer properties polyfill", () => {
    const out = floor(
      '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:inline))){*{--tw-ring-shadow:0 0 #0000}}}.a{color:red}',
    )
    expect(out).not.toContain('properties')
    expect(out).toContain('.a { color: red; }')
  })

  it('keeps the color-mix() colour of a utility with an opacity and drops its fixed fallback', () => {
    const out = floor(
      `.ring-white\\/20{--tw-ring-color:#fff3}${TEST}{.ring-white\\/20{--tw-ring-color:color-mix(in oklab, var(--color-white) 20%, transparent)}}.bg-white\\/5{background-color:#ffffff0d}${TEST}{.bg-white\\/5{background-color:color-mix(in oklab, var(--color-white) 5%, transparent)}}`,
    )
    expect(out).not.toContain('@supports')
    expect(out).not.toContain('#fff3')
    expect(out).not.toContain('#ffffff0d')
    expect(out).toMatch(
      /\.ring-white\\\/20 \{ --tw-ring-color: color-mix\(in oklab, var\(--color-white\) 20(\.0)?%, transparent\); \}/,
    )
    expect(out).toMatch(
      /\.bg-white\\\/5 \{ background-color: color-mix\(in oklab, var\(--color-white\) 5(\.0)?%, transparent\); \}/,
    )
  })

  it('does the same inside layers and media queries, and keeps declarations no test overrides', () => {
    const out = floor(
      `@layer utilities{@media (hover:hover){.hover\\:bg-white\\/10:hover{background-color:#ffffff1a;color:red}${TEST}{.hover\\:bg-white\\/10:hover{background-color:color-mix(in oklab, var(--color-white) 10%, transparent)}}}}`,
    )
    expect(out).not.toContain('#ffffff1a')
    expect(out).not.toContain('@supports')
    expect(out).toContain('color: red')
    expect(out).toContain('@media (hover: hover)')
    expect(out).toContain('color-mix(in oklab, var(--color-white) 10')
  })

  it('takes a fallback merged into a neighbour out of the selector list and leaves the neighbour alone', () => {
    const out = floor(
      `.bg-accent-400,.bg-accent-400\\/10{background-color:var(--accent-400)}${TEST}{.bg-accent-400\\/10{background-color:color-mix(in oklab, var(--accent-400) 10%, transparent)}}`,
    )
    expect(out).toContain('.bg-accent-400 { background-color: var(--accent-400); }')
    expect(out).not.toContain('.bg-accent-400, .bg-accent-400')
    expect(out).toContain('color-mix(in oklab, var(--accent-400) 10')
  })

  it('leaves other @supports tests and rules with the same property elsewhere as they are', () => {
    const out = floor(
      `.a{border-color:#fff3}@supports (display:grid){.b{display:grid}}.c{border-color:#fff3}${TEST}{.c{border-color:color-mix(in oklab, var(--color-white) 20%, transparent)}}`,
    )
    expect(out).toContain('.a { border-color: #fff3; }')
    expect(out).toContain('@supports (display: grid)')
    expect(out).not.toContain('.c { border-color: #fff3; }')
  })
})
