import { describe, expect, it } from 'vitest'
import { extractHtmlReferences } from './html-references.ts'

/** [field, value, line] of each reference, for short expectations. */
const refs = (html: string) => extractHtmlReferences(html).map((r) => [r.field, r.value, r.line])

describe('extractHtmlReferences', () => {
  it('reads srcset candidates and inline styles', () => {
    expect(
      refs('<img srcset="a.png 1x, b.png 2x" alt="">\n<div style="background: url(\'c.png\')"></div>'),
    ).toEqual([
      ['img srcset', 'a.png', 1],
      ['img srcset', 'b.png', 1],
      ['div style url()', 'c.png', 2],
    ])
  })

  it('reads attributes in any order, case and quoting', () => {
    expect(
      refs('<IMG ALT=\'a > b\' SRC=logo.svg>\n<img alt="" src=\'x.png\'>\n<Link Href="s.css" rel=x>'),
    ).toEqual([
      ['img src', 'logo.svg', 1],
      ['img src', 'x.png', 2],
      ['link href', 's.css', 3],
    ])
  })

  it('reads an attribute that follows a quoted value without a space', () => {
    expect(refs('<img alt=""src="a.png">')).toEqual([['img src', 'a.png', 1]])
  })

  it('decodes every character reference, not only the common few', () => {
    expect(refs('<img src="caf&eacute;&#46;png"><img src="&#x2F;root.png"><a href="a&amp;b.html">')).toEqual([
      ['img src', 'café.png', 1],
      ['img src', '/root.png', 1],
      ['a href', 'a&b.html', 1],
    ])
  })

  it('takes the first of two attributes with the same name, as a browser does', () => {
    expect(refs('<img src="first.png" src="second.png">')).toEqual([['img src', 'first.png', 1]])
  })

  it('ignores comments, scripts and the text of <title>, and reads what an empty comment leaves', () => {
    const html = [
      '<!-- <img src="commented.png"> -->',
      '<title>use <img src="title.png"></title>',
      '<script>const s = "<img src=\'script.png\'>"</script>',
      '<!--> <img src="after-empty-comment.png"> -->',
    ].join('\n')
    expect(refs(html)).toEqual([['img src', 'after-empty-comment.png', 4]])
  })

  it('gives the line of the attribute, and of <style> CSS, in a tag over several lines', () => {
    const html = '<img\n  alt=""\n  src="a.png">\n<style>\n\n.a { background: url(b.png) }\n</STYLE>'
    expect(refs(html)).toEqual([
      ['img src', 'a.png', 3],
      ['url()', 'b.png', 6],
    ])
  })

  it('tells links from loads', () => {
    const loads = extractHtmlReferences('<a href="x.html"></a><area href="y.html"><link href="z.css">').map(
      (r) => [r.field, r.loads],
    )
    expect(loads).toEqual([
      ['a href', false],
      ['area href', false],
      ['link href', true],
    ])
  })
})
