import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { ArrowUpIcon } from '#web/components/ui/icons.tsx'
import { scrollToTop } from '#web/lib/scroll.ts'

/**
 * The closing call to action; its button takes the visitor back up to the sign-in (docs/product.md §2 Home).
 */
export function GetStarted() {
  return (
    <section aria-labelledby="get-started-heading" className="pb-20 sm:pb-28">
      <div className="page-container">
        <div className="relative overflow-hidden rounded-3xl border border-slate-200 bg-gradient-to-br from-accent-50 via-white to-pop-300/20 px-6 py-14 text-center sm:px-12 sm:py-20">
          <h2
            id="get-started-heading"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Get Started with Challenges
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-slate-600">
            Pick your first design today. It takes one click to log in with GitHub, and your next project is
            already waiting.
          </p>
          <button type="button" onClick={scrollToTop} className={buttonClasses('primary', 'lg', 'mt-8')}>
            Get Started
            <ArrowUpIcon className="size-4" />
          </button>
        </div>
      </div>
    </section>
  )
}
