import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import { CodeIcon, RocketIcon, SearchIcon } from '#web/components/ui/icons.tsx'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

const STEPS = [
  {
    title: 'Choose a challenge',
    text: 'Browse navbars, footers, heroes, features and full landing pages, filter by category and pick a design that fits your level.',
    icon: SearchIcon,
  },
  {
    title: 'Solve it',
    text: 'Download the design files and build the page with HTML, CSS and JavaScript, matching it on desktop, tablet and mobile.',
    icon: CodeIcon,
  },
  {
    title: 'Pass its review, earn points',
    text: `Publish your site on any static host and submit its live URL. We review it at three widths against the design; when the review passes, the challenge is completed and earns ${POINTS_PER_CHALLENGE} points, once per challenge.`,
    icon: RocketIcon,
  },
]

/**
 * "How It Works": three steps (docs/product.md §2 Home). What earns points is §4's rule: a challenge's first
 * passed review, not the submit.
 */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="border-y border-slate-200 bg-slate-50 py-20 sm:py-28">
      <div className="page-container">
        <SectionHeading id="how-heading" eyebrow="Three steps" title="How It Works">
          From picking a design to seeing your name on the leaderboard.
        </SectionHeading>
        <div className="relative mt-14">
          <div
            aria-hidden="true"
            className="absolute top-14 right-[16%] left-[16%] hidden h-px bg-gradient-to-r from-accent-300 via-indigo-300 to-pop-300 md:block"
          />
          <ol className="relative grid gap-6 md:grid-cols-3 md:gap-8">
            {STEPS.map((step, index) => (
              <li
                key={step.title}
                className="relative rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-card"
              >
                <div className="relative mx-auto flex size-12 items-center justify-center rounded-2xl bg-ink-900 text-accent-300 shadow-glow">
                  <step.icon className="size-6" />
                  <span
                    aria-hidden="true"
                    className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-pop-600 text-xs font-bold text-white ring-2 ring-white"
                  >
                    {index + 1}
                  </span>
                </div>
                <h3 className="mt-6 text-lg font-semibold tracking-tight text-slate-900">{step.title}</h3>
                <p className="mt-3 text-sm leading-6 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  )
}
