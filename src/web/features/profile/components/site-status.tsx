import { type ReactNode, useId, useState } from 'react'
import type { LinkStatus, Ownership } from '#shared/ownership.ts'
import { BadgeCheckIcon, WifiOffIcon } from '#web/components/ui/icons.tsx'

/** What each badge means, for the tooltip and for screen readers (as the badge's description). */
export const SITE_STATUS_DESCRIPTIONS = {
  verified:
    "A review found the site to be the member's own: their GitHub Pages site, or a site carrying their verification tag.",
  unverified: "The site is not the member's GitHub Pages site and carries no verification tag of theirs.",
  mismatch:
    "The site is someone else's: another account's GitHub Pages, or another member's verification tag.",
  offline: 'The live site did not answer our last weekly checks.',
} as const satisfies Record<Ownership | 'offline', string>

/**
 * A badge that explains itself (a toggletip): the description shows on hover, on keyboard focus and
 * on a tap or click, stays while the pointer is over it, and Escape hides it (WCAG 1.4.13). Screen
 * readers hear it as the badge's description. The bubble sits beside the button, not inside, so the
 * button's name stays the badge's word.
 */
function ExplainedBadge({
  description,
  className,
  children,
  testId,
}: {
  description: string
  className: string
  children: ReactNode
  testId: string
}) {
  const id = useId()
  /** `auto` follows hover and focus; a click pins it open or shut until the pointer or focus leaves the badge. */
  const [shown, setShown] = useState<'auto' | 'open' | 'closed'>('auto')
  const visibility =
    shown === 'open'
      ? 'visible'
      : shown === 'closed'
        ? 'invisible'
        : 'invisible group-hover:visible group-focus-within:visible'
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-describedby={id}
        data-testid={testId}
        onClick={() => setShown((now) => (now === 'open' ? 'closed' : 'open'))}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setShown('closed')
        }}
        onBlur={() => setShown('auto')}
        onMouseLeave={() => setShown('auto')}
        className={`inline-flex cursor-help items-center gap-1 rounded-full text-xs font-semibold ${className}`}
      >
        {children}
      </button>
      {/* The padding bridges badge and bubble, so the pointer can move onto the text. */}
      <span className={`absolute bottom-full left-0 z-20 pb-2 ${visibility}`}>
        <span
          id={id}
          role="tooltip"
          className="block w-max max-w-52 rounded-lg bg-slate-900 px-2.5 py-1.5 text-left text-xs leading-5 font-medium text-white shadow-lg"
        >
          {description}
        </span>
      </span>
    </span>
  )
}

/**
 * Whose site a submission is and whether it still answers (docs/product.md §2 Profile), in words with an
 * icon, never colour alone: "Verified" for the member's own site (docs/product.md §10), a quiet
 * "Unverified" for one that could not be matched, "Offline" once the weekly checks found it down.
 */
export function SiteStatus({
  ownership,
  linkStatus,
}: {
  ownership: Ownership | null
  linkStatus: LinkStatus
}) {
  if (!ownership && linkStatus !== 'offline') return null
  return (
    // Not a list: the card is already an item of the submissions list, and each badge names itself.
    <div data-testid="site-status" className="mt-3 flex flex-wrap items-center gap-2">
      {ownership === 'verified' ? (
        <VerifiedBadge />
      ) : ownership ? (
        <ExplainedBadge
          testId="site-unverified"
          description={SITE_STATUS_DESCRIPTIONS[ownership]}
          className="px-0.5 font-medium text-slate-600 underline decoration-slate-400 decoration-dotted underline-offset-4"
        >
          Unverified
        </ExplainedBadge>
      ) : null}
      {linkStatus === 'offline' ? (
        <ExplainedBadge
          testId="site-offline"
          description={SITE_STATUS_DESCRIPTIONS.offline}
          className="bg-amber-50 px-2.5 py-0.5 text-amber-900 ring-1 ring-amber-600/30 ring-inset"
        >
          <WifiOffIcon className="size-3.5" />
          Offline
        </ExplainedBadge>
      ) : null}
    </div>
  )
}

/** "Verified": a review found the work on the member's own site (profiles, reports, competitions). */
export function VerifiedBadge() {
  return (
    <ExplainedBadge
      testId="site-verified"
      description={SITE_STATUS_DESCRIPTIONS.verified}
      className="bg-emerald-50 px-2.5 py-0.5 text-emerald-800 ring-1 ring-emerald-600/25 ring-inset"
    >
      <BadgeCheckIcon strokeWidth="2" className="size-3.5" />
      Verified
    </ExplainedBadge>
  )
}
