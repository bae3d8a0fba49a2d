import { describe, expect, it } from 'vitest'
import { SUBMITTING_SECTION, withStandardSubmitting, zipReadme } from '#server/content/readme.ts'
import { VERIFICATION_META_NAME } from '#shared/verification.ts'

describe('the brief as the zip ships it', () => {
  it('appends the standard Submitting section to a brief without one', () => {
    expect(withStandardSubmitting('# Kite\n\n## Tips\n\nBe kind.\n')).toBe(
      `# Kite\n\n## Tips\n\nBe kind.\n\n${SUBMITTING_SECTION}`,
    )
  })

  it('replaces a brief’s own Submitting section, keeping what follows it', () => {
    const readme = '# Kite\n\n## Submitting\n\nUse GitHub Pages only.\n\n## Credits\n\nUs.\n'
    const out = withStandardSubmitting(readme)
    expect(out).not.toContain('GitHub Pages only')
    expect(out).toBe(`# Kite\n\n${SUBMITTING_SECTION.trimEnd()}\n\n## Credits\n\nUs.\n`)
    expect(out.match(/## Submitting/g)).toHaveLength(1)
  })

  it('says what the platform does: any static host, the verification tag, the repository, feedback', () => {
    expect(SUBMITTING_SECTION).toContain('any static host')
    expect(SUBMITTING_SECTION).toContain(`<meta name="${VERIFICATION_META_NAME}"`)
    expect(SUBMITTING_SECTION).toContain('Repository URL')
    expect(SUBMITTING_SECTION).toContain('solution page')
    expect(SUBMITTING_SECTION).toContain('feedback')
  })

  it('adds the Figma link after it when there is one', () => {
    const out = zipReadme('# Kite\n', 'https://www.figma.com/file/abc')
    expect(out).toBe(
      `# Kite\n\n${SUBMITTING_SECTION}\n## Figma file\n\nThe design is also available in Figma: https://www.figma.com/file/abc\n`,
    )
    expect(zipReadme('# Kite\n')).toBe(`# Kite\n\n${SUBMITTING_SECTION}`)
  })
})
