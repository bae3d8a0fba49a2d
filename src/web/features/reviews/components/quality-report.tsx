import { useId } from 'react'
import type { AxeImpact, LighthouseCategory, ReviewQuality } from '#shared/review.ts'
import { ExternalLinkIcon } from '#web/components/ui/icons.tsx'
import {
  AXE_WIDTHS,
  formatCategoryScore,
  htmlFindingsOf,
  IMPACT_LABELS,
  LIGHTHOUSE_LABELS,
  lighthouseFailingOf,
  type MergedAxeFinding,
  mergeAxeFindings,
  toolSummaries,
} from '#web/features/reviews/quality.ts'

/** The word carries the impact; the colour only repeats it. */
const IMPACT_STYLES: Record<AxeImpact, string> = {
  critical: 'bg-rose-50 text-rose-800 ring-rose-600/25',
  serious: 'bg-orange-50 text-orange-800 ring-orange-600/25',
  moderate: 'bg-amber-50 text-amber-900 ring-amber-600/25',
  minor: 'bg-slate-100 text-slate-800 ring-slate-400/40',
}

const SEVERITY_STYLES = {
  error: 'bg-rose-50 text-rose-800 ring-rose-600/25',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/25',
} as const

const badge =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset'

const linkClasses =
  'inline-flex items-center gap-1 rounded-sm font-medium text-accent-800 underline underline-offset-4 hover:no-underline'

/**
 * What axe, html-validate and Lighthouse found on the site (docs/product.md §10), with what to fix first. The
 * tools' own words; the links go to their explanations.
 */
export function QualityReport({ quality }: { quality: ReviewQuality }) {
  const headingId = useId()
  const axe = mergeAxeFindings(quality.axe)
  const html = htmlFindingsOf(quality)
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-8"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-slate-900">
          Quality report
        </h2>
        <ul className="mt-3 space-y-1.5 text-sm text-slate-800" data-testid="quality-summaries">
          {toolSummaries(quality).map((summary) => (
            <li key={summary.id} className="break-words">
              {summary.text}
            </li>
          ))}
        </ul>
      </div>

      <LighthouseScores quality={quality} />

      <div>
        <h3 className="text-base font-semibold text-slate-900">Accessibility findings</h3>
        {axe.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            {quality.axe.desktop.status === 'done' || quality.axe.mobile.status === 'done'
              ? 'axe found no accessibility issues at the desktop and mobile widths.'
              : 'The accessibility check did not run.'}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">Most severe first. Fix these from the top.</p>
            <ol className="mt-3 space-y-3">
              {axe.map((finding) => (
                <AxeFindingItem key={finding.ruleId} finding={finding} />
              ))}
            </ol>
          </>
        )}
      </div>

      <div>
        <h3 className="text-base font-semibold text-slate-900">HTML validity</h3>
        {quality.html.status !== 'done' ? (
          <p className="mt-2 text-sm text-slate-700">{quality.html.reason}</p>
        ) : html.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">html-validate found no problems in the HTML.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {html.map((finding) => (
              <li
                key={`${finding.source}-${finding.ruleId}-${finding.severity}`}
                data-testid="html-finding"
                className="rounded-xl border border-slate-200 p-4"
              >
                <div className="flex flex-wrap items-start gap-2">
                  <span className={`${badge} ${SEVERITY_STYLES[finding.severity]}`}>
                    {finding.severity === 'error' ? 'Error' : 'Warning'}
                  </span>
                  <p className="min-w-0 font-medium break-words text-slate-900">{finding.message}</p>
                </div>
                <p className="mt-2 text-sm break-words text-slate-700">
                  <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">{finding.ruleId}</code>
                  {' · '}
                  {finding.count === 1 ? 'once' : `${finding.count} times`}, first at line {finding.line},
                  column {finding.column}{' '}
                  {finding.source === 'served'
                    ? 'of the HTML the server sent'
                    : 'of the page its scripts built'}
                </p>
                {finding.ruleUrl ? (
                  <p className="mt-2 text-sm">
                    <HowToFixLink href={finding.ruleUrl} subject={finding.message} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  )
}

function AxeFindingItem({ finding }: { finding: MergedAxeFinding }) {
  const where = (Object.keys(AXE_WIDTHS) as Array<keyof typeof AXE_WIDTHS>)
    .filter((width) => finding.counts[width] !== undefined)
    .map((width) => {
      const count = finding.counts[width] ?? 0
      return `${count} ${count === 1 ? 'element' : 'elements'} at ${AXE_WIDTHS[width]}`
    })
    .join(', ')
  return (
    <li
      data-testid="axe-finding"
      data-impact={finding.impact ?? 'unrated'}
      className="rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-start gap-2">
        <span className={`${badge} ${finding.impact ? IMPACT_STYLES[finding.impact] : IMPACT_STYLES.minor}`}>
          {finding.impact ? IMPACT_LABELS[finding.impact] : 'Unrated'}
        </span>
        <p className="min-w-0 font-medium break-words text-slate-900">{finding.help}</p>
      </div>
      <p className="mt-2 text-sm break-words text-slate-700">
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">{finding.ruleId}</code>
        {' · '}
        {where}
      </p>
      {finding.selector ? (
        <p className="mt-1 text-sm text-slate-700">
          First element:{' '}
          <code className="rounded bg-slate-100 px-1 py-0.5 text-xs break-all">{finding.selector}</code>
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        <HowToFixLink href={finding.helpUrl} subject={finding.help} />
      </p>
    </li>
  )
}

function LighthouseScores({ quality }: { quality: ReviewQuality }) {
  const lighthouse = quality.lighthouse
  const version = quality.versions.lighthouse
  const failing = lighthouseFailingOf(quality)
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">Lighthouse{version ? ` ${version}` : ''}</h3>
      {lighthouse.status === 'done' ? (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(Object.keys(LIGHTHOUSE_LABELS) as LighthouseCategory[]).map((category) => (
              <div key={category} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-700">{LIGHTHOUSE_LABELS[category]}</dt>
                <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
                  {formatCategoryScore(lighthouse.scores[category])}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-slate-600">
            Desktop settings, out of 100, for information: they do not count towards the score.
          </p>
          {failing.length > 0 ? (
            <>
              <h4 className="mt-5 text-sm font-semibold text-slate-900">Audits to improve</h4>
              <p className="mt-1 text-sm text-slate-600">
                Lighthouse's audits that score under 90, lowest first: what each checks, and how to fix it.
              </p>
              <ol className="mt-3 space-y-3">
                {failing.map((audit) => (
                  <li
                    key={audit.id}
                    data-testid="lighthouse-audit"
                    className="rounded-xl border border-slate-200 p-4"
                  >
                    <p className="font-medium break-words text-slate-900">{audit.title}</p>
                    {audit.description ? (
                      <p className="mt-1 text-sm break-words text-slate-700">{audit.description}</p>
                    ) : null}
                    <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                      <code className="rounded bg-slate-100 px-1 py-0.5 text-xs break-all">{audit.id}</code>
                      {audit.url ? <HowToFixLink href={audit.url} subject={audit.title} /> : null}
                    </p>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Not available. {lighthouse.reason}</p>
      )}
    </div>
  )
}

/** The tool's own page on a finding: what it checks and how to fix it, in a new tab. */
function HowToFixLink({ href, subject }: { href: string; subject: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`How to fix it: ${subject} (opens in a new tab)`}
      className={linkClasses}
    >
      How to fix it
      <ExternalLinkIcon className="size-3.5 shrink-0" />
    </a>
  )
}
