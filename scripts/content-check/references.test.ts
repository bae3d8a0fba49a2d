import { describe, expect, it } from 'vitest'
import { checkReferences } from './references.ts'
import { tempFolderPerTest } from './test-fixtures.ts'

const folder = tempFolderPerTest()

/** Each problem as "folder/file:line field: message". */
const described = (problems: Awaited<ReturnType<typeof checkReferences>>) =>
  problems.map((p) => `${p.path.split('/').slice(-2).join('/')} ${p.field}: ${p.message}`)

describe('checkReferences', () => {
  it('reports missing local files and network loads, with path and field', async () => {
    await folder.write({
      'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>Logo</title></svg>',
      'fonts/a.woff2': '',
      'reference/index.html': [
        '<!doctype html><html lang="en"><head>',
        '<link rel="stylesheet" href="style.css">',
        '<link rel="stylesheet" href="https://cdn.example/x.css">',
        '</head><body>',
        '<img src="../images/logo.svg" alt=""><img src="../images/missing.svg" alt="">',
        '<a href="https://example.com">a link may go anywhere</a> <a href="#top">top</a>',
        '<!-- <img src="../images/commented-out.svg"> -->',
        '</body></html>',
      ].join('\n'),
      'reference/style.css':
        "@font-face { src: url('../fonts/a.woff2') }\n.x { background: url(../fonts/gone.woff2) }",
      'starter/index.html': '<img src="images/logo.svg" alt=""><img src="../images/logo.svg" alt="">',
      'starter/style.css': "/* url('fonts/nope.woff2') */ @font-face { src: url('fonts/a.woff2') }",
    })
    expect(described(await checkReferences(folder.dir))).toEqual([
      expect.stringMatching(/^reference\/index.html:3 link href: loads https:\/\/cdn.example\/x.css/),
      expect.stringMatching(/^reference\/index.html:5 img src: \.\.\/images\/missing.svg does not exist/),
      expect.stringMatching(/^reference\/style.css:2 url\(\): \.\.\/fonts\/gone.woff2 does not exist/),
      expect.stringMatching(/^starter\/index.html:1 img src: \.\.\/images\/logo.svg points outside the zip/),
    ])
  })

  it('follows the markup as a browser reads it: decoded entities, attributes without spaces', async () => {
    await folder.write({
      'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>Logo</title></svg>',
      'reference/style.css': '',
      'reference/index.html': [
        '<LINK REL=stylesheet HREF=style&#46;css>',
        '<img src="../images/logo&period;svg" alt="">',
        '<img src="../images/gone.svg"alt="">',
        '<script src="https://cdn.example/app.js"></script>',
        '<title>the <img src="../images/not-markup.svg"> tag</title>',
      ].join('\n'),
    })
    expect(described(await checkReferences(folder.dir))).toEqual([
      expect.stringMatching(/^reference\/index.html:3 img src: \.\.\/images\/gone.svg does not exist/),
      expect.stringMatching(/^reference\/index.html:4 script src: loads https:\/\/cdn.example\/app.js/),
    ])
  })
})
