import type { ReactNode } from 'react'
import { preload } from 'react-dom'
import { PageTitle } from '#web/components/page-title.tsx'

interface IllustratedPageProps {
  /** Document title, without the brand. */
  title: string
  /** Small label above the heading. */
  eyebrow?: string
  heading: string
  /** Text under the heading. */
  children: ReactNode
  /** Links or buttons under the text. */
  actions?: ReactNode
  /** An illustration from public/images/static/, 400 × 320. Decorative: the text says it all. */
  illustration: string
}

/** A short page: heading, text and actions beside an illustration (stacked, image first, on small screens). */
export function IllustratedPage({
  title,
  eyebrow,
  heading,
  children,
  actions,
  illustration,
}: IllustratedPageProps) {
  // Asked for from the head: the image is in the first screen, below the stylesheet and scripts.
  preload(illustration, { as: 'image' })
  return (
    <div className="page-container grid items-center gap-8 py-12 sm:py-20 md:grid-cols-2 md:gap-16 lg:py-24">
      <PageTitle>{title}</PageTitle>
      <div className="text-center md:text-left">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl lg:text-5xl">
          {heading}
        </h1>
        <div className="mx-auto mt-5 max-w-prose space-y-4 text-base/7 text-pretty text-slate-600 sm:text-lg/8 md:mx-0">
          {children}
        </div>
        {actions && (
          <div className="mt-8 flex flex-wrap items-center justify-center gap-3 md:justify-start">
            {actions}
          </div>
        )}
      </div>
      <img
        src={illustration}
        alt=""
        width={400}
        height={320}
        className="order-first mx-auto h-auto w-full max-w-64 sm:max-w-sm md:order-none md:max-w-md"
      />
    </div>
  )
}
