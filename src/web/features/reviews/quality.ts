import type {
  AxeAudit,
  AxeBreakpoint,
  AxeFinding,
  AxeImpact,
  HtmlFinding,
  LighthouseCategory,
  LighthouseFailingAudit,
  Review,
  ReviewQuality,
} from '#shared/review.ts'

/**
 * The quality report as the page and its Markdown copy say it: axe's findings of both widths merged
 * per rule, one summary line per tool. Pure functions; the constants below repeat #shared/review.ts's
 * (not imported: that module carries zod).
 */

const IMPACT_ORDER: readonly AxeImpact[] = ['critical', 'serious', 'moderate', 'minor']

export const IMPACT_LABELS: Record<AxeImpact, string> = {
  critical: 'Critical',
  serious: 'Serious',
  moderate: 'Moderate',
  minor: 'Minor',
}

export const AXE_WIDTHS: Record<AxeBreakpoint, string> = { desktop: 'Desktop', mobile: 'Mobile' }

export const LIGHTHOUSE_LABELS: Record<LighthouseCategory, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
}

const BREAKPOINT_LABELS: Record<Review['breakpoints'][number]['breakpoint'], string> = {
  desktop: 'Desktop',
  tablet: 'Tablet',
  mobile: 'Mobile',
}

/** One axe rule as the report lists it: found at one width or both, with the elements at each. */
export type MergedAxeFinding = Omit<AxeFinding, 'count'> & {
  counts: Partial<Record<AxeBreakpoint, number>>
  /** The most elements at one width. */
  count: number
}

const impactRank = (impact: AxeImpact | null) =>
  impact === null ? IMPACT_ORDER.length : IMPACT_ORDER.indexOf(impact)

/** Most severe first, then the rule with the most elements, then by id. */
export function mergeAxeFindings(axe: ReviewQuality['axe']): MergedAxeFinding[] {
  const byRule = new Map<string, MergedAxeFinding>()
  for (const width of Object.keys(AXE_WIDTHS) as AxeBreakpoint[]) {
    const audit = axe[width]
    if (audit.status !== 'done') continue
    for (const finding of audit.findings) {
      const merged = byRule.get(finding.ruleId)
      if (merged) {
        merged.counts[width] = finding.count
        merged.count = Math.max(merged.count, finding.count)
        merged.selector ??= finding.selector
      } else {
        byRule.set(finding.ruleId, { ...finding, counts: { [width]: finding.count } })
      }
    }
  }
  return [...byRule.values()].sort(
    (a, b) =>
      impactRank(a.impact) - impactRank(b.impact) || b.count - a.count || a.ruleId.localeCompare(b.ruleId),
  )
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

/** Which version ran, from the report's record: "axe 4.13.0", or just the tool's name. */
const tool = (quality: ReviewQuality, name: string, key: string) =>
  quality.versions[key] ? `${name} ${quality.versions[key]}` : name

function axeUnavailable(axe: ReviewQuality['axe']): string | null {
  const reasons = (Object.keys(AXE_WIDTHS) as AxeBreakpoint[])
    .map((width) => axe[width])
    .filter((audit): audit is Extract<AxeAudit, { status: 'unavailable' }> => audit.status !== 'done')
  if (reasons.length < Object.keys(AXE_WIDTHS).length) return null
  return reasons[0]?.reason ?? null
}

export type ToolSummary = { id: 'axe' | 'html' | 'lighthouse'; text: string }

/** One line per tool, e.g. "Accessibility (axe 4.13.0): 3 rules, 12 elements". */
export function toolSummaries(quality: ReviewQuality): ToolSummary[] {
  const axeName = `Accessibility (${tool(quality, 'axe', 'axe-core')})`
  const merged = mergeAxeFindings(quality.axe)
  const axeOff = axeUnavailable(quality.axe)
  const elements = merged.reduce((sum, finding) => sum + finding.count, 0)
  const axeText = axeOff
    ? `${axeName}: not available. ${axeOff}`
    : merged.length === 0
      ? `${axeName}: no issues found`
      : `${axeName}: ${plural(merged.length, 'rule')}, ${plural(elements, 'element')}`

  const htmlName = `HTML (${tool(quality, 'html-validate', 'html-validate')})`
  let htmlText: string
  if (quality.html.status !== 'done') htmlText = `${htmlName}: not available. ${quality.html.reason}`
  else {
    const parts = quality.html.documents.map((document) => {
      const counts =
        document.errors + document.warnings === 0
          ? 'no errors'
          : [
              document.errors > 0 || document.warnings === 0 ? plural(document.errors, 'error') : null,
              document.warnings > 0 ? plural(document.warnings, 'warning') : null,
            ]
              .filter(Boolean)
              .join(', ')
      return document.source === 'served' ? counts : `${counts} in the page its scripts built`
    })
    htmlText = `${htmlName}: ${parts.join('; ')}`
  }

  const lighthouseName = tool(quality, 'Lighthouse', 'lighthouse')
  const lighthouse = quality.lighthouse
  const lighthouseText =
    lighthouse.status === 'done'
      ? `${lighthouseName}: ${(Object.keys(LIGHTHOUSE_LABELS) as LighthouseCategory[])
          .map(
            (category) =>
              `${LIGHTHOUSE_LABELS[category]} ${formatCategoryScore(lighthouse.scores[category])}`,
          )
          .join(', ')}`
      : `${lighthouseName}: not available. ${lighthouse.reason}`

  return [
    { id: 'axe', text: axeText },
    { id: 'html', text: htmlText },
    { id: 'lighthouse', text: lighthouseText },
  ]
}

/**
 * A Lighthouse category score out of 100, as Lighthouse's own report shows it (the report stores
 * Lighthouse's 0-1); a dash when it has none.
 */
export function formatCategoryScore(score: number | null): string {
  return score === null ? '–' : String(Math.round(score * 100))
}

/** Every HTML finding of the report, errors first, with the document it is in. */
export function htmlFindingsOf(
  quality: ReviewQuality,
): Array<HtmlFinding & { source: 'served' | 'rendered' }> {
  if (quality.html.status !== 'done') return []
  return quality.html.documents
    .flatMap((document) => document.findings.map((finding) => ({ ...finding, source: document.source })))
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
}

/** Lighthouse's failing audits, lowest score first; none for a report stored before they were kept. */
export function lighthouseFailingOf(quality: ReviewQuality): LighthouseFailingAudit[] {
  if (quality.lighthouse.status !== 'done') return []
  // Only an https page is linked: the stored report is data, not trusted markup.
  return (quality.lighthouse.failing ?? []).map(({ url, ...audit }) =>
    url && /^https:\/\//.test(url) ? { ...audit, url } : audit,
  )
}

/** Characters Markdown would read as formatting, escaped; newlines become spaces. */
function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()<>#+!|~]/g, '\\$&')
}

/** A link target Markdown keeps whole: only http(s), with the characters that would end it encoded. */
function markdownUrl(url: string): string | null {
  if (!/^https?:\/\//.test(url)) return null
  return url.replace(/[\s()<>]/g, (character) => encodeURIComponent(character))
}

/** Inline code that holds any text: a fence longer than the longest run of backticks inside. */
function code(text: string): string {
  const clean = text.replace(/\s+/g, ' ')
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${clean}${pad}${fence}`
}

/** How many findings of each tool the Markdown lists; the report has the rest. */
const TOP_AXE = 5
const TOP_HTML = 3
const TOP_LIGHTHOUSE = 3

/** The report in Markdown for a README: scores per width, the tools' lines, the top findings, the link. */
export function reviewMarkdown(review: Review, reportUrl: string): string {
  const lines = [`## Review of ${escapeMarkdown(review.challenge.title)}`, '']
  if (review.score !== null) lines.push(`Overall score: **${review.score.toFixed(1)} / 100**`, '')
  if (review.breakpoints.length > 0) {
    lines.push('| Width | Score |', '| --- | ---: |')
    for (const breakpoint of review.breakpoints)
      lines.push(
        `| ${BREAKPOINT_LABELS[breakpoint.breakpoint]} (${breakpoint.width} px) | ${breakpoint.score.toFixed(1)} |`,
      )
    lines.push('')
  }
  const quality = review.quality
  if (quality) {
    for (const summary of toolSummaries(quality)) lines.push(`- ${escapeMarkdown(summary.text)}`)
    lines.push('')
    const axe = mergeAxeFindings(quality.axe).slice(0, TOP_AXE)
    const html = htmlFindingsOf(quality).slice(0, TOP_HTML)
    const lighthouse = lighthouseFailingOf(quality).slice(0, TOP_LIGHTHOUSE)
    if (axe.length + html.length + lighthouse.length > 0) {
      lines.push('### Top findings', '')
      for (const finding of axe) {
        const impact = finding.impact ? IMPACT_LABELS[finding.impact] : 'Unrated'
        const url = markdownUrl(finding.helpUrl)
        const help = escapeMarkdown(finding.help)
        lines.push(
          `- **${impact}**: ${url ? `[${help}](${url})` : help} (${code(finding.ruleId)}, ${plural(finding.count, 'element')})`,
        )
      }
      for (const finding of html) {
        const where = finding.source === 'served' ? '' : ' in the rendered page'
        lines.push(
          `- **HTML ${finding.severity}**: ${escapeMarkdown(finding.message)} (${code(finding.ruleId)}, line ${finding.line}${where})`,
        )
      }
      for (const audit of lighthouse) {
        const url = audit.url ? markdownUrl(audit.url) : null
        const title = escapeMarkdown(audit.title)
        lines.push(`- **Lighthouse**: ${url ? `[${title}](${url})` : title} (${code(audit.id)})`)
      }
      lines.push('')
    }
  }
  lines.push(`[Full report](${reportUrl})`, '')
  return lines.join('\n')
}
