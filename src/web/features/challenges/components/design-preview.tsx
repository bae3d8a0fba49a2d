import { type KeyboardEvent, useId, useRef, useState } from 'react'
import type { Challenge } from '#shared/challenge.ts'
import { DEVICE_VIEWS, DEVICE_WIDTHS, type DeviceView } from '#shared/constants.ts'
import { ChallengeImage } from '#web/features/challenges/components/challenge-image.tsx'

const IMAGE: Record<DeviceView, (challenge: Challenge) => string> = {
  Desktop: (c) => c.templateImg,
  Tablet: (c) => c.tabletImg,
  Mobile: (c) => c.mobileImg,
}

/** How wide each design is shown: the desktop design fills the frame, the others keep their width. */
const FRAME_WIDTH: Record<DeviceView, string> = {
  Desktop: 'w-full',
  Tablet: 'w-full max-w-[768px]',
  Mobile: 'w-full max-w-[375px]',
}

function DeviceIcon({ view }: { view: DeviceView }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="hidden size-4 min-[360px]:block"
    >
      {view === 'Desktop' ? (
        <>
          <rect x="3" y="4" width="18" height="12" rx="2" />
          <path d="M8 20h8M12 16v4" />
        </>
      ) : view === 'Tablet' ? (
        <>
          <rect x="5" y="3" width="14" height="18" rx="2" />
          <path d="M11 18h2" />
        </>
      ) : (
        <>
          <rect x="7" y="3" width="10" height="18" rx="2" />
          <path d="M11 18h2" />
        </>
      )}
    </svg>
  )
}

/**
 * The design switchable between Desktop, Tablet and Mobile (docs/product.md §2), as WAI-ARIA tabs: arrow keys
 * move between tabs and select them, Home and End jump to the first and last. Each panel is a
 * scrollable frame around the full-page design.
 */
export function DesignPreview({ challenge }: { challenge: Challenge }) {
  const [active, setActive] = useState<DeviceView>('Desktop')
  const tabs = useRef(new Map<DeviceView, HTMLButtonElement>())
  const baseId = useId()

  function select(view: DeviceView) {
    setActive(view)
    tabs.current.get(view)?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = DEVICE_VIEWS.indexOf(active)
    const last = DEVICE_VIEWS.length - 1
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }
    const target = next[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(DEVICE_VIEWS[target] ?? 'Desktop')
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label="Design preview"
          onKeyDown={onKeyDown}
          className="flex w-full rounded-full bg-slate-100 p-1 ring-1 ring-slate-200 sm:inline-flex sm:w-auto"
        >
          {DEVICE_VIEWS.map((view) => {
            const selected = view === active
            return (
              <button
                key={view}
                ref={(element) => {
                  if (element) tabs.current.set(view, element)
                  else tabs.current.delete(view)
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${view}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel-${view}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(view)}
                className={`inline-flex flex-1 items-center justify-center gap-2 rounded-full px-2 py-2 text-sm font-semibold transition-colors sm:flex-none sm:px-4 ${
                  selected
                    ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
                    : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                <DeviceIcon view={view} />
                {view}
              </button>
            )
          })}
        </div>
        <p className="hidden font-mono text-xs text-slate-500 sm:block" aria-hidden="true">
          {DEVICE_WIDTHS[active]} px
        </p>
      </div>

      {DEVICE_VIEWS.map((view) => (
        <div
          key={view}
          role="tabpanel"
          id={`${baseId}-panel-${view}`}
          aria-labelledby={`${baseId}-tab-${view}`}
          hidden={view !== active}
          // The frame scrolls, so it must be reachable with the keyboard.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
          tabIndex={0}
          className="mt-4 max-h-[min(75vh,56rem)] overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-[radial-gradient(circle,rgb(148_163_184/0.25)_1px,transparent_1px)] bg-slate-50 bg-[size:16px_16px] p-3 shadow-inner sm:p-6"
        >
          <ChallengeImage
            src={IMAGE[view](challenge)}
            alt={`${challenge.title} design at ${view} width (${DEVICE_WIDTHS[view]} px)`}
            loading={view === 'Desktop' ? 'eager' : 'lazy'}
            width={DEVICE_WIDTHS[view]}
            loadingClassName="min-h-96"
            className={`mx-auto rounded-lg bg-white shadow-card-hover ring-1 ring-slate-200 ${FRAME_WIDTH[view]}`}
            imgClassName="block h-auto w-full"
          />
        </div>
      ))}
    </div>
  )
}
