// The brief as the zip ships it (docs/content-format.md "The brief"): the challenge's README.md with
// its "## Submitting" section replaced by one written here for every challenge, so what the briefs say
// about publishing, the verification tag, the repository and feedback follows the platform
// (docs/product.md §1, §10, §11, §12) and cannot drift from one challenge to the next; then the
// Figma link when the challenge has one.
import { VERIFICATION_META_NAME } from '#shared/verification.ts'

export const SUBMITTING_HEADING = '## Submitting'

/** The standard "Submitting" section, the same in every zip. */
export const SUBMITTING_SECTION = `${SUBMITTING_HEADING}

1. Publish your page on any static host: GitHub Pages, Netlify, Vercel, Cloudflare Pages, GitLab Pages or a domain of your own.
2. On a host other than your own GitHub Pages site (\`https://<your-github-login>.github.io/...\`), prove the site is yours: put your verification tag inside the \`<head>\` of the page, then publish it again. The tag looks like \`<meta name="${VERIFICATION_META_NAME}" content="...">\`; copy yours from the challenge's submit form or from your settings. A review of a site without it fails.
3. On the challenge page, submit the URL of your live page, for example \`https://<your-github-login>.github.io/<repo>\` or \`https://<project>.netlify.app\`, and, in the optional Repository URL field, the address of your code on GitHub, GitLab, Codeberg or Bitbucket, so others can learn from it.
4. The review captures your page at 1440, 768 and 375px and scores it against the design. Your solution page shows the result, your write-up and the feedback of other members: say there what you would like feedback on.

Have fun building!
`

/**
 * The README's text with its "## Submitting" section (up to the next "## " heading, or the end) taken
 * out and the standard one put in its place, or at the end when it has none.
 */
export function withStandardSubmitting(readme: string): string {
  const lines = readme.replace(/\r\n/g, '\n').split('\n')
  const start = lines.findIndex((line) => line.trim() === SUBMITTING_HEADING)
  const section = SUBMITTING_SECTION.trimEnd().split('\n')
  if (start === -1) return `${readme.trimEnd()}\n\n${section.join('\n')}\n`
  const next = lines.findIndex((line, i) => i > start && /^##? /.test(line))
  const before = lines.slice(0, start).join('\n').trimEnd()
  const after = next === -1 ? '' : `\n\n${lines.slice(next).join('\n').trimEnd()}`
  return `${before}\n\n${section.join('\n')}${after}\n`
}

/** The README.md that goes into the zip. */
export function zipReadme(readme: string, figmaUrl?: string | null): string {
  const brief = withStandardSubmitting(readme)
  return figmaUrl ? `${brief}\n## Figma file\n\nThe design is also available in Figma: ${figmaUrl}\n` : brief
}
