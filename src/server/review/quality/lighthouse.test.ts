import { describe, expect, it } from 'vitest'
import { failingAudits, MAX_FAILING_AUDITS, plainDescription } from '#server/review/quality/lighthouse.ts'

/**
 * What the report keeps of Lighthouse's audits (docs/product.md §10): the failing ones with what to fix.
 * The fixture is shaped as `lhr.audits` is (only the fields read, plus a `details` the report drops),
 * with Lighthouse 12.8's own English titles and descriptions; the real run is in audits.test.ts.
 */

const audit = (
  id: string,
  score: number | null,
  scoreDisplayMode: string,
  title: string,
  description: string,
) => ({ id, title, description, score, scoreDisplayMode, details: { type: 'table', items: [] } })

const LHR_AUDITS = {
  'first-contentful-paint': audit(
    'first-contentful-paint',
    0.62,
    'numeric',
    'First Contentful Paint',
    'First Contentful Paint marks the time at which the first text or image is painted. [Learn more about the First Contentful Paint metric](https://developer.chrome.com/docs/lighthouse/performance/first-contentful-paint/).',
  ),
  'unused-css-rules': audit(
    'unused-css-rules',
    0.5,
    'metricSavings',
    'Reduce unused CSS',
    'Reduce unused rules from stylesheets and defer CSS not used for above-the-fold content to decrease bytes consumed by network activity. [Learn how to reduce unused CSS](https://developer.chrome.com/docs/lighthouse/performance/unused-css-rules/).',
  ),
  'image-alt': audit(
    'image-alt',
    0,
    'binary',
    'Image elements do not have `[alt]` attributes',
    'Informative elements should aim for short, descriptive alternate text. Decorative elements can be ignored with an empty alt attribute. [Learn more about the `alt` attribute](https://dequeuniversity.com/rules/axe/4.10/image-alt).',
  ),
  'is-on-https': audit(
    'is-on-https',
    0,
    'binary',
    'Does not use HTTPS',
    "All sites should be protected with HTTPS, even ones that don't handle sensitive data. This includes avoiding [mixed content](https://developers.google.com/web/fundamentals/security/prevent-mixed-content/what-is-mixed-content), where some resources are loaded over HTTP despite the initial request being served over HTTPS. HTTPS prevents intruders from tampering with or passively listening in on the communications between your app and your users, and is a prerequisite for HTTP/2 and many new web platform APIs. [Learn more about HTTPS](https://developer.chrome.com/docs/lighthouse/pwa/is-on-https/).",
  ),
  'errors-in-console': audit(
    'errors-in-console',
    0,
    'binary',
    'Browser errors were logged to the console',
    'Errors logged to the console indicate unresolved problems. They can come from network request failures and other browser concerns. [Learn more about this errors in console diagnostic audit](https://developer.chrome.com/docs/lighthouse/best-practices/errors-in-console/)',
  ),
  // Passing, or with no pass/fail score: never listed.
  viewport: audit(
    'viewport',
    1,
    'binary',
    'Has a `<meta name="viewport">` tag with `width` or `initial-scale`',
    'A `<meta name="viewport">` not only optimizes your app for mobile screen sizes, but also prevents [a 300 millisecond delay to user input](https://developer.chrome.com/blog/300ms-tap-delay-gone-away/). [Learn more about using the viewport meta tag](https://developer.chrome.com/docs/lighthouse/pwa/viewport/).',
  ),
  'largest-contentful-paint': audit(
    'largest-contentful-paint',
    0.9,
    'numeric',
    'Largest Contentful Paint',
    '',
  ),
  diagnostics: audit('diagnostics', null, 'informative', 'Diagnostics', 'Collection of useful page vitals.'),
  'custom-controls-labels': audit(
    'custom-controls-labels',
    null,
    'manual',
    'Custom controls have associated labels',
    'Custom interactive controls have associated labels.',
  ),
  'aria-allowed-attr': audit('aria-allowed-attr', null, 'notApplicable', 'ARIA attributes are allowed', ''),
  'font-size': audit('font-size', 0, 'error', 'Document uses legible font sizes', 'Gatherer failed.'),
  'main-thread-tasks': audit('main-thread-tasks', 0.2, 'informative', 'Tasks', ''),
  'document-title': audit(
    'document-title',
    0,
    'binary',
    "Document doesn't have a `<title>` element",
    'The title gives screen reader users an overview of the page, and search engine users rely on it heavily to determine if a page is relevant to their search. [Learn more about document titles](https://dequeuniversity.com/rules/axe/4.10/document-title).',
  ),
  'link-text': audit(
    'link-text',
    0.5,
    'binary',
    'Links do not have descriptive text',
    'Descriptive link text helps search engines understand your content. [Learn how to make links more accessible](https://developer.chrome.com/docs/lighthouse/seo/link-text/).',
  ),
}

describe("Lighthouse's failing audits", () => {
  it('keeps the scored audits below 0.9, lowest first and in Lighthouse order among equals', () => {
    const failing = failingAudits(LHR_AUDITS)
    expect(failing.map((item) => item.id)).toEqual([
      'image-alt',
      'is-on-https',
      'errors-in-console',
      'document-title',
      'unused-css-rules',
      'link-text',
      'first-contentful-paint',
    ])
    expect(failing[0]).toEqual({
      id: 'image-alt',
      title: 'Image elements do not have [alt] attributes',
      description:
        'Informative elements should aim for short, descriptive alternate text. Decorative elements can be ignored with an empty alt attribute.',
      url: 'https://dequeuniversity.com/rules/axe/4.10/image-alt',
    })
    expect(failing.find((item) => item.id === 'errors-in-console')?.description).toBe(
      'Errors logged to the console indicate unresolved problems. They can come from network request failures and other browser concerns.',
    )
  })

  it('keeps plain text of at most 200 characters, other links reduced to their words', () => {
    const https = failingAudits(LHR_AUDITS).find((item) => item.id === 'is-on-https')
    expect(https?.url).toBe('https://developer.chrome.com/docs/lighthouse/pwa/is-on-https/')
    expect(https?.description.length).toBeLessThanOrEqual(200)
    expect(https?.description).toMatch(
      /^All sites should be protected with HTTPS, .* avoiding mixed content, where .*…$/,
    )
    expect(https?.description).not.toMatch(/[[\]()]/)
  })

  it('keeps at most ten, and skips anything not shaped like an audit', () => {
    const many = Object.fromEntries(
      Array.from({ length: 15 }, (_, index) => [
        `audit-${index}`,
        audit(`audit-${index}`, index / 20, 'binary', `Audit ${index}`, 'Fix it.'),
      ]),
    )
    const failing = failingAudits({ ...many, broken: null, odd: { id: 3, score: 0 }, text: 'no' })
    expect(failing).toHaveLength(MAX_FAILING_AUDITS)
    expect(failing.map((item) => item.id)).toEqual(Array.from({ length: 10 }, (_, index) => `audit-${index}`))
    expect(failing[0]).toEqual({ id: 'audit-0', title: 'Audit 0', description: 'Fix it.' })
    expect(failingAudits(undefined)).toEqual([])
    expect(failingAudits({})).toEqual([])
  })

  it('takes only an https "Learn more" link as the page to read', () => {
    expect(plainDescription('Use HTTPS. [Learn more](http://example.com/).')).toEqual({
      description: 'Use HTTPS.',
    })
    expect(plainDescription('[Learn more](https://example.com/)')).toEqual({
      description: '',
      url: 'https://example.com/',
    })
  })
})
