import MarkdownIt from 'markdown-it'

/**
 * A solution's write-up (docs/product.md "Solutions"; its length rule is write-up-rule.ts): Markdown,
 * rendered without raw HTML (typed tags show as text), links to http(s) and mailto addresses only, no
 * images, headings two levels down so they sit under the page's own. The server renders with this module
 * and passes the result through its sanitiser (src/server/solutions/write-up.ts), which the tests hold to
 * changing nothing; the submit form's preview renders with this same module, so it shows what the
 * server will.
 */
/** The relationship every write-up link carries: written by a member, not vouched for, no opener. */
export const WRITE_UP_LINK_REL = 'ugc nofollow noopener'

/** Absolute http(s) and mailto only; anything else (javascript:, data:, vbscript:, relative) is no link. */
export function isAllowedWriteUpLink(url: string): boolean {
  // markdown-it hands over the destination already normalised (entities decoded, percent-encoded).
  const trimmed = url.trim()
  return /^https?:\/\/[^\s/?#]+/i.test(trimmed) || /^mailto:[^\s]+$/i.test(trimmed)
}

const markdown = new MarkdownIt('default', {
  html: false,
  xhtmlOut: true,
  linkify: false,
  typographer: false,
})
  // Images would load any address on a visitor's page; tables need markup the page does not style.
  .disable(['image', 'table'])
markdown.validateLink = isAllowedWriteUpLink

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options))
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]?.attrSet('rel', WRITE_UP_LINK_REL)
  return defaultLinkOpen(tokens, index, options, env, self)
}

/** `#` becomes h3 and so on, at most h6: the page's title is the h1 and the write-up's own heading the h2. */
const shiftHeading: NonNullable<typeof markdown.renderer.rules.heading_open> = (
  tokens,
  index,
  options,
  _env,
  self,
) => {
  const token = tokens[index]
  if (token) token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`
  return self.renderToken(tokens, index, options)
}
markdown.renderer.rules.heading_open = shiftHeading
markdown.renderer.rules.heading_close = shiftHeading

/** The write-up's HTML as the parser writes it (the server sanitises it once more before it is served). */
export function renderWriteUpMarkdown(source: string): string {
  return markdown.render(source)
}
