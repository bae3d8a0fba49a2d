import { Parser } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { renderWriteUp, sanitizeWriteUpHtml, writeUpFirstSentence } from '#server/solutions/write-up.ts'
import { renderWriteUpMarkdown } from '#shared/write-up.ts'
import { XSS_CORPUS } from '#tests/support/xss-corpus.ts'

/**
 * Write-ups (docs/product.md "Solutions"): Markdown rendered without raw HTML, links to http(s) and mailto
 * only, each with rel="ugc nofollow noopener". The corpus (tests/support/xss-corpus.ts) is what people try.
 */

const ALLOWED_ELEMENTS = new Set('p br hr h3 h4 h5 h6 strong em s code pre blockquote ul ol li a'.split(' '))
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel'],
  ol: ['start'],
  code: ['class'],
}

/**
 * Parsed as a browser would: no element but the renderer's own, no attribute but its own (so no handler,
 * style or src), every href http(s) or mailto, every link with rel="ugc nofollow noopener".
 */
function expectSafe(html: string) {
  const elements: { name: string; attributes: Record<string, string> }[] = []
  const parser = new Parser({ onopentag: (name, attributes) => elements.push({ name, attributes }) })
  parser.write(html)
  parser.end()
  for (const { name, attributes } of elements) {
    expect(ALLOWED_ELEMENTS.has(name), `element <${name}> in ${html}`).toBe(true)
    for (const attribute of Object.keys(attributes))
      expect(ALLOWED_ATTRIBUTES[name] ?? [], `attribute ${attribute} in ${html}`).toContain(attribute)
    if (name === 'a') {
      expect(attributes.href).toMatch(/^(https?:\/\/[^/]|mailto:)/)
      expect(attributes.rel).toBe('ugc nofollow noopener')
    }
    if (name === 'code' && attributes.class !== undefined) expect(attributes.class).toMatch(/^language-\S+$/)
  }
}

/** The same HTML up to how a double quote in text is written (&quot; or "), as a browser reads both. */
const canonical = (html: string) => html.replace(/&quot;/g, '"')

describe('write-up rendering', () => {
  it.each(XSS_CORPUS)('renders %j without markup, handlers or script links', (source) => {
    const html = renderWriteUp(source)
    expectSafe(html)
    // The sanitiser changes nothing the renderer wrote: the form's preview shows what is served.
    expect(canonical(html)).toBe(canonical(renderWriteUpMarkdown(source)))
  })

  it('shows typed HTML as text', () => {
    expect(renderWriteUp('<b>bold</b> & <i>it</i>')).toBe(
      '<p>&lt;b&gt;bold&lt;/b&gt; &amp; &lt;i&gt;it&lt;/i&gt;</p>\n',
    )
  })

  it('keeps http(s) and mailto links, each with rel="ugc nofollow noopener"', () => {
    const html = renderWriteUp(
      '[site](https://example.com/a?b=1) [plain](http://example.com) <https://auto.example> [me](mailto:me@example.com)',
    )
    expect(html).toBe(
      '<p><a href="https://example.com/a?b=1" rel="ugc nofollow noopener">site</a> ' +
        '<a href="http://example.com" rel="ugc nofollow noopener">plain</a> ' +
        '<a href="https://auto.example" rel="ugc nofollow noopener">https://auto.example</a> ' +
        '<a href="mailto:me@example.com" rel="ugc nofollow noopener">me</a></p>\n',
    )
  })

  it('writes headings two levels down, lists, quotes, code and emphasis', () => {
    const html = renderWriteUp(
      '# What I built\n\n## Hard parts\n\n3. grid\n4. *fonts*\n\n> **why?**\n\n```css\na { color: red }\n```\n\n~~old~~ `x`',
    )
    expect(html).toBe(
      '<h3>What I built</h3>\n<h4>Hard parts</h4>\n<ol start="3">\n<li>grid</li>\n<li><em>fonts</em></li>\n</ol>\n' +
        '<blockquote>\n<p><strong>why?</strong></p>\n</blockquote>\n' +
        '<pre><code class="language-css">a { color: red }\n</code></pre>\n<p><s>old</s> <code>x</code></p>\n',
    )
  })

  it('is empty for an empty or blank write-up', () => {
    expect(renderWriteUp(null)).toBe('')
    expect(renderWriteUp('  \n ')).toBe('')
  })

  it('sanitises HTML that did not come from the renderer', () => {
    expect(
      sanitizeWriteUpHtml(
        '<p onclick="x"><a href="javascript:alert(1)">a</a><a href="https://ok.example" rel="me">b</a><img src=x onerror=alert(1)><script>alert(1)</script></p>',
      ),
    ).toBe(
      '<p><a href="https://ok.example" rel="ugc nofollow noopener">b</a>&lt;img /&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    )
  })

  it('gives the first sentence as plain text for link previews', () => {
    expect(writeUpFirstSentence('Built a **navbar** & <menu>. Then more.')).toBe('Built a navbar & <menu>.')
    expect(writeUpFirstSentence('# What I built\n\nA *navbar*. More.')).toBe('A navbar.')
    expect(writeUpFirstSentence('## Only a heading')).toBe('Only a heading')
    expect(writeUpFirstSentence('No full stop here')).toBe('No full stop here')
    expect(writeUpFirstSentence('Visit [my site](https://example.com)! It works.')).toBe('Visit my site!')
    expect(writeUpFirstSentence(`${'a'.repeat(300)}.`)).toHaveLength(200)
    expect(writeUpFirstSentence('  ')).toBeNull()
    expect(writeUpFirstSentence(null)).toBeNull()
  })
})
