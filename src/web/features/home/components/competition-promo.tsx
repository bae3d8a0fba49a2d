import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { ArrowRightIcon, TrophyIcon } from '#web/components/ui/icons.tsx'

const BADGES = [
  { label: 'Gold', ring: 'from-amber-200 to-amber-500', text: 'text-amber-950', size: 'size-24 sm:size-28' },
  {
    label: 'Silver',
    ring: 'from-slate-100 to-slate-400',
    text: 'text-slate-900',
    size: 'size-20 sm:size-24',
  },
  {
    label: 'Bronze',
    ring: 'from-orange-200 to-orange-500',
    text: 'text-orange-950',
    size: 'size-16 sm:size-20',
  },
]

/**
 * "Learn and Compete": the weekly competition promo (docs/product.md §1, §2 Home). `Join Now` leads to
 * /competitions, where the week's competition is running: the server starts one by itself (§4).
 */
export function CompetitionPromo() {
  return (
    <section aria-labelledby="compete-heading" className="py-20 sm:py-28">
      <div className="page-container">
        <div className="surface-ink relative isolate overflow-hidden rounded-3xl px-6 py-12 sm:px-12 sm:py-16 lg:px-16">
          <div aria-hidden="true" className="bg-grid absolute inset-0 -z-10" />
          <div
            aria-hidden="true"
            className="absolute -right-24 -bottom-40 -z-10 size-[28rem] rounded-full bg-pop-500/20 blur-3xl"
          />
          <div
            aria-hidden="true"
            className="absolute -top-40 -left-24 -z-10 size-[28rem] rounded-full bg-accent-500/20 blur-3xl"
          />
          <div className="grid items-center gap-12 lg:grid-cols-[1.3fr_1fr]">
            <div>
              <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-[0.12em] text-accent-300 uppercase">
                <TrophyIcon className="size-4" />
                Weekly competition
              </p>
              <h2
                id="compete-heading"
                className="mt-4 text-3xl font-bold tracking-tight text-white sm:text-4xl"
              >
                Learn and Compete
              </h2>
              <p className="mt-4 max-w-xl text-lg leading-8 text-slate-300">
                Join the weekly competition: one challenge from the catalogue each week, Monday to Monday, and
                badges for the best solutions. Sharpen your skills against developers from around the world.
              </p>
              <Link to={paths.competitions} className={buttonClasses('accent', 'lg', 'mt-8')}>
                Join Now
                <ArrowRightIcon className="size-4" />
              </Link>
            </div>
            <div aria-hidden="true" className="flex items-end justify-center gap-4 sm:gap-6">
              {[BADGES[1], BADGES[0], BADGES[2]].map((badge) =>
                badge ? (
                  <div key={badge.label} className="flex flex-col items-center gap-3">
                    <div
                      className={`flex items-center justify-center rounded-full bg-gradient-to-br p-1 shadow-glow ${badge.ring} ${badge.size}`}
                    >
                      <div
                        className={`flex size-full items-center justify-center rounded-full bg-gradient-to-br ring-4 ring-white/30 ${badge.ring} ${badge.text}`}
                      >
                        <TrophyIcon className="size-1/2" />
                      </div>
                    </div>
                    <span className="text-xs font-semibold tracking-wider text-slate-400 uppercase">
                      {badge.label}
                    </span>
                  </div>
                ) : null,
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  )
}
