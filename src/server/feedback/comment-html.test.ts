import { describe, expect, it } from 'vitest'
import { commentHtml, rememberRenderings } from '#server/feedback/comment-html.ts'
import { renderWriteUp } from '#server/solutions/write-up.ts'

/** A renderer that records what it was asked to render. */
function recording() {
  const asked: string[] = []
  const render = (source: string) => {
    asked.push(source)
    return `<p>${source}</p>`
  }
  return { asked, render }
}

describe('rememberRenderings', () => {
  it('renders a text once, then answers it from memory', () => {
    const { asked, render } = recording()
    const remembered = rememberRenderings(render, 1000)
    expect(remembered('a')).toBe('<p>a</p>')
    expect(remembered('a')).toBe('<p>a</p>')
    expect(remembered('b')).toBe('<p>b</p>')
    expect(asked).toEqual(['a', 'b'])
  })

  it('forgets the least recently used texts once over its budget of characters', () => {
    const { asked, render } = recording()
    // Each text costs 1 + 8 characters: three fit in 27, not four.
    const remembered = rememberRenderings(render, 27)
    remembered('a')
    remembered('b')
    remembered('c')
    remembered('a') // a is now the most recent; b the least
    remembered('d') // over budget: b goes
    remembered('a')
    remembered('c')
    remembered('d')
    expect(asked).toEqual(['a', 'b', 'c', 'd'])
    remembered('b')
    expect(asked).toEqual(['a', 'b', 'c', 'd', 'b'])
  })

  it('keeps no text larger than its whole budget', () => {
    const { asked, render } = recording()
    const remembered = rememberRenderings(render, 10)
    remembered('too long for it')
    remembered('too long for it')
    expect(asked).toEqual(['too long for it', 'too long for it'])
  })
})

describe('commentHtml', () => {
  it('answers what renderWriteUp renders, the first time and the next', () => {
    const body = 'See [the spec](https://example.com/a) and `gap: 1rem`. <script>alert(1)</script>'
    expect(commentHtml(body)).toBe(renderWriteUp(body))
    expect(commentHtml(body)).toBe(renderWriteUp(body))
  })
})
