import { useId } from 'react'
import type { ReviewFinding } from '#shared/review.ts'
import { boxesDescription, hasBoxes, SEVERITY_LABELS } from '#web/features/reviews/findings.ts'

/** The severity's word in a colour of its own (7:1 or more on its background); the word says it. */
const SEVERITY_CLASSES: Record<ReviewFinding['severity'], string> = {
  high: 'bg-rose-50 text-rose-800 ring-rose-700/30',
  medium: 'bg-amber-50 text-amber-900 ring-amber-700/30',
  low: 'bg-slate-100 text-slate-800 ring-slate-500/30',
}

export function SeverityLabel({ severity }: { severity: ReviewFinding['severity'] }) {
  return (
    <span
      data-severity={severity}
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${SEVERITY_CLASSES[severity]}`}
    >
      {SEVERITY_LABELS[severity]}
      <span className="sr-only"> severity</span>
    </span>
  )
}

/**
 * A breakpoint's findings, most important first (docs/product.md §10): each a toggle that draws its two
 * boxes on the comparison above, the design's dashed over the design and the page's solid over the
 * capture, and says them in words to screen readers. Focus stays on the toggle; the comparison scrolls
 * the boxes into view. A finding without boxes (the whole page moved) is a line of text.
 */
export function ElementFindings({
  findings,
  label,
  selected,
  onSelect,
}: {
  findings: ReviewFinding[]
  label: string
  selected: number | null
  onSelect: (index: number | null) => void
}) {
  const headingId = useId()
  const keyId = useId()
  return (
    <div className="min-w-0" data-testid="element-findings">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        What differs from the design ({label})
      </h3>
      {findings.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Every element is where the design has it, in its size, colours and fonts.
        </p>
      ) : (
        <>
          <p id={keyId} className="mt-1 text-sm text-slate-700">
            Most important first. Choose one to draw it on the comparison: a dashed box where the design has
            the element, a solid box where your page has it.
          </p>
          <ol aria-labelledby={headingId} className="mt-3 space-y-2">
            {findings.map((finding, index) => (
              <FindingItem
                // The list is the stored one, in its order: its place is its identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: a stored list that never reorders
                key={index}
                finding={finding}
                pressed={selected === index}
                onToggle={() => onSelect(selected === index ? null : index)}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  )
}

function FindingItem({
  finding,
  pressed,
  onToggle,
}: {
  finding: ReviewFinding
  pressed: boolean
  onToggle: () => void
}) {
  const boxesId = useId()
  const body = (
    <>
      <SeverityLabel severity={finding.severity} />
      {/* Member text is data: rendered as text, never as markup. */}
      <span className="min-w-0 break-words" data-testid="finding-sentence">
        {finding.sentence}
      </span>
    </>
  )
  if (!hasBoxes(finding))
    return (
      <li className="flex items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800">
        {body}
      </li>
    )
  return (
    <li>
      <button
        type="button"
        aria-pressed={pressed}
        aria-describedby={boxesId}
        onClick={onToggle}
        data-testid="finding"
        className={`flex w-full items-start gap-2 rounded-lg border px-3 py-2 text-left text-sm text-slate-800 transition ${
          pressed
            ? 'border-accent-700 bg-accent-50 ring-1 ring-accent-700'
            : 'border-slate-200 bg-white hover:border-slate-400 hover:bg-slate-50'
        }`}
      >
        {body}
      </button>
      <span id={boxesId} className="sr-only" data-testid="finding-boxes">
        {boxesDescription(finding)}
      </span>
    </li>
  )
}

/**
 * The chosen finding's boxes over a comparison, in the images' CSS px: the SVG spans its frame, whose
 * width is the breakpoint's and whose height is `height` px at that width, so the boxes scale with the
 * images. Drawn only; the finding's toggle says them in words.
 */
export function FindingBoxes({
  finding,
  width,
  height,
  boxRef,
}: {
  finding: ReviewFinding
  width: number
  height: number
  boxRef?: (element: SVGRectElement | null) => void
}) {
  const { designBox, pageBox } = finding
  return (
    <svg
      aria-hidden="true"
      data-testid="finding-overlay"
      viewBox={`0 0 ${width} ${Math.max(1, height)}`}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 h-full w-full"
    >
      {designBox ? (
        <rect
          ref={boxRef}
          data-testid="design-box"
          x={designBox.x}
          y={designBox.y}
          width={designBox.width}
          height={designBox.height}
          fill="rgb(29 78 216 / 0.08)"
          stroke="#1d4ed8"
          strokeWidth={3}
          strokeDasharray="8 5"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {pageBox ? (
        <rect
          ref={designBox ? undefined : boxRef}
          data-testid="page-box"
          x={pageBox.x}
          y={pageBox.y}
          width={pageBox.width}
          height={pageBox.height}
          fill="rgb(190 18 60 / 0.08)"
          stroke="#be123c"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
    </svg>
  )
}
