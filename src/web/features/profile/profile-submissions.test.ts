import { Parser } from 'htmlparser2'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ProfileSubmissions } from '#web/features/profile/components/profile-submissions.tsx'

/** The text a reader sees in `html`, entities decoded. */
function textOf(html: string): string {
  let text = ''
  const parser = new Parser({ ontext: (chunk) => (text += chunk) }, { decodeEntities: true })
  parser.end(html)
  return text
}

describe('a profile’s submissions (docs/product.md §2 Profile)', () => {
  it('says so, in plain English, when the member has completed no challenge yet', () => {
    const html = renderToStaticMarkup(createElement(ProfileSubmissions, { submissions: [] }))
    expect(textOf(html)).toContain("You haven't completed any challenges yet.")
  })
})
