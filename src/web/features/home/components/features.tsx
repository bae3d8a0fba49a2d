import type { ReactNode } from 'react'
import { FigmaIcon, LayersIcon, PointCheckIcon } from '#web/components/ui/icons.tsx'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

const FEATURES: { title: string; text: string; points: string[]; icon: ReactNode; tint: string }[] = [
  {
    title: 'Practise with Editable Designs',
    text: 'Every challenge ships with its design as an editable SVG for Figma, Penpot or Inkscape, so you measure spacing, pick colours and read type settings the way frontend developers do on a real team.',
    points: [
      'Inspect every layer and spacing',
      'Exact colours, fonts and sizes',
      'No guessing from screenshots',
    ],
    icon: <FigmaIcon className="size-6" />,
    tint: 'from-pop-500/15 to-accent-500/10 text-pop-600',
  },
  {
    title: 'Detailed Design Components',
    text: 'Desktop, tablet and mobile designs, a style guide and every image you need come in one download, so you can focus on building responsive, accessible components.',
    points: [
      'Designs for three screen sizes',
      'Style guide with colours and fonts',
      'All required images included',
    ],
    icon: <LayersIcon className="size-6" />,
    tint: 'from-accent-500/15 to-indigo-500/10 text-accent-700',
  },
]

/** The Features section (docs/product.md §1, §2 Home). */
export function Features() {
  return (
    <section aria-labelledby="features-heading" className="py-20 sm:py-28">
      <div className="page-container">
        <SectionHeading id="features-heading" eyebrow="Features" title="Everything a real project gives you">
          Practise on the same material professional teams work from, not on toy examples.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="relative overflow-hidden rounded-3xl border border-slate-200 bg-white p-6 shadow-card sm:p-10"
            >
              <div
                aria-hidden="true"
                className="absolute -top-24 -right-24 size-64 rounded-full bg-gradient-to-br from-accent-100/70 to-transparent blur-2xl"
              />
              <div
                className={`relative flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br ring-1 ring-slate-200 ${feature.tint}`}
              >
                {feature.icon}
              </div>
              <h3 className="relative mt-6 text-xl font-semibold tracking-tight text-slate-900">
                {feature.title}
              </h3>
              <p className="relative mt-3 leading-7 text-slate-600">{feature.text}</p>
              <ul className="relative mt-6 space-y-2.5">
                {feature.points.map((point) => (
                  <li key={point} className="flex items-center gap-2.5 text-sm font-medium text-slate-700">
                    <PointCheckIcon className="size-4 text-emerald-600" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
