import { type ComponentType, type SVGProps, useEffect, useId, useRef } from 'react'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { CloseIcon, FacebookIcon, LinkedinIcon, TrophyIcon, XIcon } from '#web/components/ui/icons.tsx'
import { solutionPath } from '#web/features/solutions/api/solutions.ts'
import { usePublicConfig } from '#web/lib/public-config.ts'
import { useScrollLock } from '#web/lib/use-scroll-lock.ts'

interface ShareTarget {
  name: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  classes: string
  url: (pageUrl: string, message: string) => string
}

const SHARE_TARGETS: ShareTarget[] = [
  {
    name: 'LinkedIn',
    icon: LinkedinIcon,
    classes: 'bg-[#0a66c2] hover:bg-[#004182]',
    url: (pageUrl) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`,
  },
  {
    name: 'X',
    icon: XIcon,
    classes: 'bg-slate-900 hover:bg-slate-700',
    url: (pageUrl, message) =>
      `https://twitter.com/intent/tweet?text=${encodeURIComponent(message)}&url=${encodeURIComponent(pageUrl)}`,
  },
  {
    name: 'Facebook',
    icon: FacebookIcon,
    classes: 'bg-[#1463d6] hover:bg-[#0b4fae]',
    url: (pageUrl) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`,
  },
]

/** The address shared: the solution's page as an absolute URL, else the page the member is on. */
function shareUrl(solutionId: string | null): string {
  return solutionId ? new URL(solutionPath(solutionId), window.location.origin).href : window.location.href
}

/** A share window: a new browsing context that cannot reach back into this page. */
function openShareWindow(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer,width=640,height=680')
}

/**
 * The achievement overlay once a review the member watched passes and completes the challenge
 * (docs/product.md §2, §4, §10): the points come with the pass, not with the submit. A native modal
 * <dialog>: the browser traps focus in it, makes the page behind inert and closes it on Escape. Page
 * scrolling is locked while it is open. However it closes, `onClose` runs with where the member asked to go:
 * their solution's page (`View your solution`) or, by default, their profile.
 *
 * Sharing shares the solution's page (docs/product.md §11), whose link preview shows the member's own
 * capture, with a text that names the challenge; without a solution id, the page the member is on.
 */
export function AchievementDialog({
  challengeTitle,
  pointsAwarded,
  solutionId,
  suggestion = null,
  onClose,
}: {
  challengeTitle: string
  pointsAwarded: number
  solutionId: string | null
  /** What to do next and why (docs/product.md §15); its button closes with `next`. */
  suggestion?: { title: string; reason: string } | null
  onClose: (next: 'profile' | 'solution' | 'next') => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const next = useRef<'profile' | 'solution' | 'next'>('profile')
  const headingId = useId()
  const textId = useId()
  const { brandName } = usePublicConfig()
  useScrollLock(true)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const message = `I just completed the ${challengeTitle} challenge on ${brandName}!`

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      aria-describedby={textId}
      onClose={() => onClose(next.current)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] max-w-none overflow-visible rounded-3xl bg-transparent p-0 text-slate-900 backdrop:bg-ink-950/75 backdrop:backdrop-blur-sm open:motion-safe:animate-dialog-in"
    >
      <div className="relative overflow-hidden rounded-3xl bg-white px-6 pt-10 pb-7 text-center shadow-2xl sm:px-8">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 h-32 bg-gradient-to-b from-accent-100 via-accent-50 to-transparent"
        />
        <button
          type="button"
          aria-label="Close"
          onClick={() => dialogRef.current?.close()}
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <CloseIcon className="size-5" />
        </button>

        <div className="relative mx-auto flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-accent-400 via-indigo-400 to-pop-400 p-1 shadow-glow">
          <div className="flex size-full items-center justify-center rounded-full bg-white text-accent-700">
            <TrophyIcon className="size-9" />
          </div>
        </div>
        <h2
          id={headingId}
          className="relative mt-6 text-2xl font-extrabold tracking-tight text-slate-900 min-[400px]:text-3xl"
        >
          Congratulations!
        </h2>
        <p id={textId} className="relative mt-3 text-base leading-7 text-slate-700">
          {pointsAwarded > 0
            ? `Your site passed its review: you completed ${challengeTitle} and earned ${pointsAwarded} points.`
            : `Your site passed its review again. The points for ${challengeTitle} are already yours.`}
        </p>
        {pointsAwarded > 0 ? (
          <p className="relative mt-4 inline-flex items-center rounded-full bg-emerald-50 px-3 py-1 text-sm font-bold text-emerald-800 ring-1 ring-emerald-600/25">
            +{pointsAwarded} points
          </p>
        ) : null}

        {suggestion ? (
          <div
            data-testid="achievement-next"
            className="relative mt-6 rounded-2xl bg-accent-50 p-4 text-left ring-1 ring-accent-200"
          >
            <p className="text-xs font-semibold tracking-[0.12em] text-accent-800 uppercase">Up next</p>
            <p className="mt-1 font-semibold break-words text-slate-900">{suggestion.title}</p>
            <p className="text-sm text-slate-700">{suggestion.reason}</p>
            <button
              type="button"
              onClick={() => {
                next.current = 'next'
                dialogRef.current?.close()
              }}
              className={buttonClasses('primary', 'md', 'mt-3 w-full')}
            >
              Go to {suggestion.title}
            </button>
          </div>
        ) : null}

        <div className="relative mt-7 border-t border-slate-200 pt-6">
          <p className="text-sm font-semibold text-slate-700">Share your achievement</p>
          <ul className="mt-3 grid gap-2">
            {SHARE_TARGETS.map((target) => (
              <li key={target.name}>
                <button
                  type="button"
                  onClick={() => openShareWindow(target.url(shareUrl(solutionId), message))}
                  className={`inline-flex h-11 w-full items-center justify-center gap-2 rounded-full px-3 text-sm font-semibold text-white shadow-sm transition-colors ${target.classes}`}
                >
                  <target.icon className="size-4 shrink-0" />
                  <span>
                    Share on {target.name}
                    <span className="sr-only"> (opens a new window)</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {solutionId ? (
            <button
              type="button"
              onClick={() => {
                next.current = 'solution'
                dialogRef.current?.close()
              }}
              className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-full px-3 text-sm font-semibold text-accent-800 ring-1 ring-accent-300 hover:bg-accent-50"
            >
              View your solution
            </button>
          ) : null}
        </div>
      </div>
    </dialog>
  )
}
