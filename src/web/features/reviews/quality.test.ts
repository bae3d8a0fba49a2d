import { describe, expect, it } from 'vitest'
import type { AxeFinding, Review, ReviewQuality } from '#shared/review.ts'
import { mergeAxeFindings, reviewMarkdown, toolSummaries } from '#web/features/reviews/quality.ts'

const axeFinding = (ruleId: string, impact: AxeFinding['impact'], count: number): AxeFinding => ({
  ruleId,
  impact,
  count,
  selector: `.${ruleId}`,
  help: `Fix ${ruleId}`,
  helpUrl: `https://dequeuniversity.com/rules/axe/4.13/${ruleId}`,
})

const QUALITY: ReviewQuality = {
  axe: {
    desktop: {
      status: 'done',
      findings: [axeFinding('region', 'moderate', 4), axeFinding('image-alt', 'critical', 2)],
    },
    mobile: {
      status: 'done',
      findings: [
        axeFinding('color-contrast', 'serious', 6),
        axeFinding('image-alt', 'critical', 3),
        axeFinding('meta-refresh', 'minor', 1),
      ],
    },
  },
  html: {
    status: 'done',
    documents: [
      {
        source: 'served',
        errors: 2,
        warnings: 0,
        findings: [
          {
            ruleId: 'no-dup-id',
            severity: 'error',
            count: 2,
            message: 'Duplicate ID "a|b"',
            line: 4,
            column: 9,
            ruleUrl: 'https://html-validate.org/rules/no-dup-id.html',
          },
        ],
      },
    ],
  },
  lighthouse: {
    status: 'done',
    scores: { performance: 0.92, accessibility: 0.8, 'best-practices': 1, seo: null },
  },
  versions: { 'axe-core': '4.13.0', 'html-validate': '10.17.0', lighthouse: '12.8.2' },
}

describe('the quality report as the page shows it', () => {
  it('merges the two widths per rule, most severe first, counting the width with the most elements', () => {
    expect(mergeAxeFindings(QUALITY.axe).map((f) => [f.ruleId, f.impact, f.count, f.counts])).toEqual([
      ['image-alt', 'critical', 3, { desktop: 2, mobile: 3 }],
      ['color-contrast', 'serious', 6, { mobile: 6 }],
      ['region', 'moderate', 4, { desktop: 4 }],
      ['meta-refresh', 'minor', 1, { mobile: 1 }],
    ])
  })

  it('sums each tool up in one line', () => {
    expect(toolSummaries(QUALITY).map((s) => s.text)).toEqual([
      'Accessibility (axe 4.13.0): 4 rules, 14 elements',
      'HTML (html-validate 10.17.0): 2 errors',
      'Lighthouse 12.8.2: Performance 92, Accessibility 80, Best practices 100, SEO –',
    ])
    const unavailable: ReviewQuality = {
      ...QUALITY,
      axe: {
        desktop: { status: 'unavailable', reason: 'It broke.' },
        mobile: { status: 'unavailable', reason: 'It broke.' },
      },
      lighthouse: { status: 'unavailable', reason: 'Lighthouse did not finish within 60 seconds.' },
    }
    expect(toolSummaries(unavailable).map((s) => s.text)).toEqual([
      'Accessibility (axe 4.13.0): not available. It broke.',
      'HTML (html-validate 10.17.0): 2 errors',
      'Lighthouse 12.8.2: not available. Lighthouse did not finish within 60 seconds.',
    ])
  })

  it('writes a Markdown summary with the scores, the tools, the top findings and the link', () => {
    const review = {
      id: '3f0c1c1e-8d4b-4e0f-9a57-2b6f1f3a9c21',
      score: 81.25,
      challenge: { id: 1, slug: 'x', title: 'Card *component*' },
      breakpoints: [
        { breakpoint: 'desktop', width: 1440, score: 92.5 },
        { breakpoint: 'mobile', width: 375, score: 70 },
      ],
      quality: QUALITY,
    } as unknown as Review
    const markdown = reviewMarkdown(
      review,
      'https://dojo.example/reviews/3f0c1c1e-8d4b-4e0f-9a57-2b6f1f3a9c21',
    )
    expect(markdown).toBe(
      [
        '## Review of Card \\*component\\*',
        '',
        'Overall score: **81.3 / 100**',
        '',
        '| Width | Score |',
        '| --- | ---: |',
        '| Desktop (1440 px) | 92.5 |',
        '| Mobile (375 px) | 70.0 |',
        '',
        '- Accessibility \\(axe 4.13.0\\): 4 rules, 14 elements',
        '- HTML \\(html-validate 10.17.0\\): 2 errors',
        '- Lighthouse 12.8.2: Performance 92, Accessibility 80, Best practices 100, SEO –',
        '',
        '### Top findings',
        '',
        '- **Critical**: [Fix image-alt](https://dequeuniversity.com/rules/axe/4.13/image-alt) (`image-alt`, 3 elements)',
        '- **Serious**: [Fix color-contrast](https://dequeuniversity.com/rules/axe/4.13/color-contrast) (`color-contrast`, 6 elements)',
        '- **Moderate**: [Fix region](https://dequeuniversity.com/rules/axe/4.13/region) (`region`, 4 elements)',
        '- **Minor**: [Fix meta-refresh](https://dequeuniversity.com/rules/axe/4.13/meta-refresh) (`meta-refresh`, 1 element)',
        '- **HTML error**: Duplicate ID "a\\|b" (`no-dup-id`, line 4)',
        '',
        '[Full report](https://dojo.example/reviews/3f0c1c1e-8d4b-4e0f-9a57-2b6f1f3a9c21)',
        '',
      ].join('\n'),
    )
  })

  it("adds the first three of Lighthouse's failing audits to the Markdown, linked to their page", () => {
    const failing = ['image-alt', 'document-title', 'link-text', 'is-on-https'].map((id) => ({
      id,
      title: `Fix [${id}]`,
      description: 'Because.',
      ...(id === 'link-text' ? {} : { url: `https://developer.chrome.com/docs/lighthouse/${id}/` }),
    }))
    const review = {
      id: 'x',
      score: null,
      challenge: { id: 1, slug: 'x', title: 'Card' },
      breakpoints: [],
      quality: { ...QUALITY, lighthouse: { ...QUALITY.lighthouse, failing } },
    } as unknown as Review
    const markdown = reviewMarkdown(review, 'https://dojo.example/reviews/x')
    expect(markdown).toContain(
      '- **Lighthouse**: [Fix \\[image-alt\\]](https://developer.chrome.com/docs/lighthouse/image-alt/) (`image-alt`)',
    )
    expect(markdown).toContain('- **Lighthouse**: Fix \\[link-text\\] (`link-text`)')
    expect(markdown).not.toContain('is-on-https')
    // A report stored before the audits were kept has none, and lists none.
    expect(reviewMarkdown({ ...review, quality: QUALITY }, 'https://dojo.example/reviews/x')).not.toContain(
      '**Lighthouse**',
    )
  })
})
