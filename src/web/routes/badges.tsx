import { Link } from 'react-router'
import { BADGE_IDS, BADGES } from '#shared/badges.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { BadgeImage } from '#web/features/badges/components/badge-image.tsx'
import { brandName, page, serverLoader } from '#web/lib/route-data.ts'

/** /badges: every badge, and how to earn it (docs/product.md §2 Badges). */
export function Component() {
  const groups = [
    { kind: 'competition', heading: 'Weekly competitions' },
    { kind: 'lasting', heading: 'Lasting badges' },
    { kind: 'path', heading: 'Learning paths' },
  ] as const
  return (
    <div className="page-container max-w-5xl py-10 sm:py-14">
      <PageTitle>Badges</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Badges</h1>
      <p className="mt-3 max-w-2xl text-base leading-7 text-slate-700">
        Badges show on your profile. You earn each one once (the competition badges once per competition, the
        path badge once per path), and they stay.
      </p>
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`badges-${group.kind}`} className="mt-10">
          <h2 id={`badges-${group.kind}`} className="text-xl font-semibold tracking-tight text-slate-900">
            {group.heading}
          </h2>
          <ul className="mt-4 space-y-3">
            {BADGE_IDS.filter((id) => BADGES[id].kind === group.kind).map((id) => (
              <li
                key={id}
                className="flex items-start gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-card"
              >
                <BadgeImage id={id} className="size-16" decorative />
                <div>
                  <h3 className="text-base font-semibold text-slate-900">
                    <Link
                      to={paths.badge(id)}
                      className="rounded-sm underline-offset-4 hover:text-accent-800 hover:underline"
                    >
                      {BADGES[id].name}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm leading-6 text-slate-700">{BADGES[id].howToEarn}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

export const loader = serverLoader(async (_args, queryClient) =>
  page({ description: `The ${await brandName(queryClient)} badges and how to earn each one.` }),
)
