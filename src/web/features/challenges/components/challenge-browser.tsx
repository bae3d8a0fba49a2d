import type { ReactNode } from 'react'
import { CategoryNav } from '#web/features/challenges/components/category-nav.tsx'
import { HydrateLater } from '#web/lib/hydrate-later.tsx'

/** The frame of /challenges and the category pages: page header, category sidebar, content. */
export function ChallengeBrowser({
  heading,
  intro,
  children,
}: {
  heading: string
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <header className="border-b border-slate-200 bg-slate-50">
        <div className="page-container py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-[0.12em] text-accent-700 uppercase">Challenges</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
          <p className="mt-3 max-w-2xl text-base leading-7 text-slate-600">{intro}</p>
        </div>
      </header>
      <div className="page-container grid flex-1 grid-cols-1 gap-8 py-8 sm:py-10 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <HydrateLater>
            <CategoryNav />
          </HydrateLater>
        </aside>
        <div>{children}</div>
      </div>
    </>
  )
}

/** The responsive grid the challenge lists use. */
export const challengeGridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 2xl:grid-cols-3'
