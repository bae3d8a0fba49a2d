import { useId, useState } from 'react'
import { Link } from 'react-router'
import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import { paths } from '#shared/paths.ts'
import { ChevronDownIcon } from '#web/components/ui/icons.tsx'
import { SectionHeading } from '#web/components/ui/section-heading.tsx'

/** Five questions, docs/product.md §9. */
const QUESTIONS = [
  {
    question: 'Is it really free?',
    answer:
      'Yes. Every challenge, design file and feature is free. Log in with your GitHub account and start building; there is no paid plan and no credit card.',
  },
  {
    question: 'What do I get when I start a challenge?',
    answer:
      'A download with everything a real project gives you: PNG designs for desktop, tablet and mobile, the same designs as editable SVGs for Figma, Penpot or Inkscape, a Figma link where there is one, a style guide with colours and fonts, and all the images the page needs.',
  },
  {
    question: 'How do I submit my solution?',
    answer:
      'Publish your page on any static host (GitHub Pages, Netlify, Vercel, Cloudflare Pages and the like), then paste its live URL into the submit form on the challenge page. A review opens your site and compares it with the design; when it passes, the challenge is completed. You can refine your work and resubmit whenever you like.',
  },
  {
    question: 'How do points and the leaderboard work?',
    answer: `Each completed challenge earns you ${POINTS_PER_CHALLENGE} points. Your points and completed challenges appear on your public profile, and the top developers are ranked on the leaderboard.`,
  },
  {
    question: 'What are the weekly competitions?',
    answer:
      "Every week, Monday to Monday (UTC), one challenge from the catalogue is the competition: submit your live site while it runs and your best passed review is ranked. The best solutions win badges that stay on your profile. This week's competition is on the Competitions page.",
  },
] as const

/**
 * The FAQ accordion: one answer open at a time; clicking the open question closes it (docs/product.md §4).
 */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null)
  const baseId = useId()

  return (
    <section aria-labelledby="faq-heading" className="py-20 sm:py-28">
      <div className="page-container grid gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-16">
        <div>
          <SectionHeading id="faq-heading" eyebrow="FAQ" title="Frequently Asked Questions" align="left">
            Everything you need to know before your first challenge.
          </SectionHeading>
          <p className="mt-6 text-slate-600">
            Still wondering about something?{' '}
            <Link
              to={paths.contact}
              className="font-semibold text-accent-700 underline underline-offset-2 hover:no-underline"
            >
              Contact us
            </Link>
          </p>
        </div>
        <div className="divide-y divide-slate-200 rounded-3xl border border-slate-200 bg-white shadow-card">
          {QUESTIONS.map((item, index) => {
            const expanded = open === index
            const buttonId = `${baseId}-q${index}`
            const panelId = `${baseId}-a${index}`
            return (
              <div key={item.question}>
                <h3>
                  <button
                    type="button"
                    id={buttonId}
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : index)}
                    className="flex w-full items-center justify-between gap-6 rounded-3xl px-6 py-5 text-left text-base font-semibold text-slate-900 hover:text-accent-800 sm:px-8"
                  >
                    {item.question}
                    <span
                      aria-hidden="true"
                      className={`flex size-8 shrink-0 items-center justify-center rounded-full transition duration-200 ${
                        expanded ? 'rotate-180 bg-ink-900 text-white' : 'bg-slate-100 text-slate-600'
                      }`}
                    >
                      <ChevronDownIcon className="size-4" />
                    </span>
                  </button>
                </h3>
                {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA accordion pattern names each panel a region */}
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!expanded}
                  className="px-6 pb-6 leading-7 text-slate-600 sm:px-8"
                >
                  {item.answer}
                </div>
              </div>
            )
          })}
        </div>
      </div>
    </section>
  )
}
