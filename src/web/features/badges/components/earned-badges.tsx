import { Link } from 'react-router'
import { BADGES, type EarnedBadge, PATH_BADGE_REASON_PREFIX, pathTitleFromSlug } from '#shared/badges.ts'
import { paths } from '#shared/paths.ts'
import { BadgeImage } from '#web/features/badges/components/badge-image.tsx'
import { formatMediumDate } from '#web/lib/format.ts'

/**
 * "for Week 49" for a competition's badge; a path's title and when it was completed for a path's
 * (docs/product.md §15); nothing for a lasting one.
 */
function reasonText(reason: string, awardedAt: string): string | null {
  if (reason.startsWith(PATH_BADGE_REASON_PREFIX))
    return `${pathTitleFromSlug(reason.slice(PATH_BADGE_REASON_PREFIX.length))}, ${formatMediumDate(new Date(awardedAt))}`
  return reason.startsWith('competition:') ? `Competition ${reason.slice('competition:'.length)}` : null
}

/**
 * The profile's Badges section (docs/product.md §2 Profile): each badge the member holds, linking to how it
 * is earned.
 */
export function EarnedBadges({ badges }: { badges: EarnedBadge[] }) {
  return (
    <section aria-labelledby="badges-heading" className="mt-10">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="badges-heading" className="text-xl font-semibold tracking-tight text-slate-900">
          Badges
        </h2>
        <Link
          to={paths.badges}
          className="rounded-sm text-sm font-medium text-accent-800 underline underline-offset-4 hover:no-underline"
        >
          How to earn badges
        </Link>
      </div>
      {badges.length === 0 ? (
        <p className="mt-3 text-base text-slate-700">No badges yet.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {badges.map((badge) => (
            <li
              key={`${badge.id}:${badge.reason}`}
              className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-card"
            >
              <BadgeImage id={badge.id} className="size-14" decorative />
              <div className="min-w-0">
                <Link
                  to={paths.badge(badge.id)}
                  className="rounded-sm font-semibold text-slate-900 underline-offset-4 hover:text-accent-800 hover:underline"
                >
                  {BADGES[badge.id].name}
                </Link>
                <p className="text-sm text-slate-600">
                  {reasonText(badge.reason, badge.awardedAt) ?? BADGES[badge.id].summary}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
