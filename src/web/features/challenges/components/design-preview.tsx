import { lazy, type MouseEvent, Suspense, useRef, useState } from 'react'
import type { Challenge } from '#shared/challenge.ts'
import { DESIGN_PREVIEW_WIDTH, type DeviceView } from '#shared/constants.ts'
import { pixelSize } from '#web/components/image-viewer/size.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { DesktopIcon, MobileIcon, TabletIcon } from '#web/components/ui/icons.tsx'
import { useTabs } from '#web/components/ui/tabs.tsx'
import { ChallengeImage } from '#web/features/challenges/components/challenge-image.tsx'
import {
  DESIGN_VIEWS,
  type DesignTarget,
  designAlt,
  designsByView,
  stateLabel,
  VIEW_LABEL,
} from '#web/features/challenges/design-images.ts'

// The viewer's code comes with its first opening: most visitors only look at the page.
const DesignViewer = lazy(() =>
  import('#web/features/challenges/components/design-viewer.tsx').then((module) => ({
    default: module.DesignViewer,
  })),
)

/** How wide each design is shown: the desktop design fills the frame, the others keep their width. */
const FRAME_WIDTH: Record<(typeof DESIGN_VIEWS)[number], string> = {
  desktop: 'w-full',
  tablet: 'w-full max-w-[768px]',
  mobile: 'w-full max-w-[375px]',
}

/**
 * How wide the frames show a design: the page's column at most (742 px from 1024 px up), and the
 * screen less the page's and the frame's padding below that. With a design's preview
 * (`DesignImage.preview`, `DESIGN_PREVIEW_WIDTH` wide), a phone loads it rather than the full image.
 */
const FRAME_SIZES = '(min-width: 1024px) 742px, calc(100vw - 58px)'

function DeviceIcon({ view }: { view: DeviceView }) {
  const Icon = view === 'Desktop' ? DesktopIcon : view === 'Tablet' ? TabletIcon : MobileIcon
  return <Icon className="hidden size-4 min-[360px]:block" />
}

/**
 * The design switchable between Desktop, Tablet and Mobile (docs/product.md §2), as WAI-ARIA tabs: arrow keys
 * move between tabs and select them, Home and End jump to the first and last. Each panel shows the whole
 * design scaled to the frame's width (its width and height attributes keep its room while it loads), and
 * `View full size` opens the design viewer on it. The state images are listed beneath, each opening the
 * viewer on itself; focus comes back to the button that opened it.
 */
export function DesignPreview({ challenge }: { challenge: Challenge }) {
  const [active, setActive] = useState<(typeof DESIGN_VIEWS)[number]>('desktop')
  const [viewing, setViewing] = useState<DesignTarget | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const tabs = useTabs(DESIGN_VIEWS, active, setActive)
  const byView = designsByView(challenge)
  const activePage = byView.find((entry) => entry.view === active)?.page

  function open(target: DesignTarget, event: MouseEvent<HTMLElement>) {
    opener.current = event.currentTarget
    setViewing(target)
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          {...tabs.tabListProps}
          aria-label="Design preview"
          className="flex w-full rounded-full bg-slate-100 p-1 ring-1 ring-slate-200 sm:inline-flex sm:w-auto"
        >
          {DESIGN_VIEWS.map((view) => {
            const selected = view === active
            return (
              <button
                key={view}
                {...tabs.tabProps(view)}
                className={`inline-flex flex-1 items-center justify-center gap-2 rounded-full px-2 py-2 text-sm font-semibold transition-colors sm:flex-none sm:px-4 ${
                  selected
                    ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
                    : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                <DeviceIcon view={VIEW_LABEL[view]} />
                {VIEW_LABEL[view]}
              </button>
            )
          })}
        </div>
        <div className="flex items-center gap-3">
          {activePage ? (
            <p className="font-mono text-xs text-slate-600" data-testid="preview-size">
              {pixelSize(activePage.width, activePage.height)}
            </p>
          ) : null}
          <button
            type="button"
            onClick={(event) => open({ view: active, name: active }, event)}
            className={buttonClasses('secondary', 'sm')}
          >
            View full size<span className="sr-only"> ({VIEW_LABEL[active]})</span>
          </button>
        </div>
      </div>

      {byView.map(({ view, page }) => (
        <div
          key={view}
          {...tabs.panelProps(view)}
          // A panel holding nothing focusable takes focus itself (WAI-ARIA tabs pattern).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel
          tabIndex={0}
          className="mt-4 rounded-2xl border border-slate-200 bg-[radial-gradient(circle,rgb(148_163_184/0.25)_1px,transparent_1px)] bg-slate-50 bg-[size:16px_16px] p-3 shadow-inner sm:p-6"
        >
          {page ? (
            <ChallengeImage
              src={page.src}
              {...(page.preview
                ? {
                    srcSet: `${page.preview} ${DESIGN_PREVIEW_WIDTH}w, ${page.src} ${page.width}w`,
                    sizes: FRAME_SIZES,
                  }
                : {})}
              alt={designAlt(challenge, page)}
              loading={view === 'desktop' ? 'eager' : 'lazy'}
              width={page.width}
              height={page.height ?? undefined}
              loadingClassName={page.height ? '' : 'min-h-96'}
              className={`mx-auto rounded-lg bg-white shadow-card-hover ring-1 ring-slate-200 ${FRAME_WIDTH[view]}`}
              imgClassName="block h-auto w-full"
            />
          ) : null}
        </div>
      ))}

      {challenge.designs.states.length > 0 ? (
        <section aria-labelledby="design-states-heading" className="mt-6">
          <h3 id="design-states-heading" className="text-base font-semibold text-slate-900">
            States
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            How the design looks with a menu open, on hover or with an error. Each opens in the viewer.
          </p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {challenge.designs.states.map((state) => (
              <li key={state.name}>
                <button
                  type="button"
                  onClick={(event) => open({ view: state.view, name: state.name }, event)}
                  aria-label={`${stateLabel(state)}, ${VIEW_LABEL[state.view]}`}
                  className="flex w-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left shadow-sm transition-colors hover:border-slate-300 hover:bg-slate-50"
                >
                  <span className="font-semibold text-slate-900">{stateLabel(state)}</span>
                  <span className="font-mono text-xs text-slate-600" aria-hidden="true">
                    {VIEW_LABEL[state.view]} · {pixelSize(state.width, state.height)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {viewing ? (
        <Suspense fallback={null}>
          <DesignViewer
            challenge={challenge}
            initial={viewing}
            onClose={() => {
              setViewing(null)
              opener.current?.focus()
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
