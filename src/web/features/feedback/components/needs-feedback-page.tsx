import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { BUILT_BY_YOU_TOO } from '#shared/feedback-rule.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { EmptyState } from '#web/components/ui/empty-state.tsx'
import { needsFeedbackQuery } from '#web/features/feedback/api/feedback.ts'
import { NEEDS_FEEDBACK_TEXTS } from '#web/features/feedback/needs-feedback-texts.ts'
import { SolutionGallery } from '#web/features/solutions/components/solution-gallery.tsx'

/**
 * /needs-feedback (docs/product.md §12): listed solutions without a comment, oldest pass first; for a
 * member, first those of challenges they completed too, marked "You built this one too". Paged like the
 * galleries, with `Load more solutions`.
 */
export function NeedsFeedbackPage() {
  const list = useInfiniteQuery(needsFeedbackQuery())
  const anyPublished = list.data?.pages[0]?.anyPublished ?? true
  return (
    <>
      <PageTitle>{NEEDS_FEEDBACK_TEXTS.heading}</PageTitle>
      <header className="border-b border-slate-200 bg-slate-50">
        <div className="page-container py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-[0.12em] text-accent-700 uppercase">Feedback</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {NEEDS_FEEDBACK_TEXTS.heading}
          </h1>
          <p className="mt-3 max-w-2xl text-base leading-7 text-slate-600">{NEEDS_FEEDBACK_TEXTS.intro}</p>
        </div>
      </header>
      <div className="page-container flex-1 py-8 sm:py-10">
        <SolutionGallery
          query={list}
          showChallenge
          note={(card) => (card.builtByYouToo ? BUILT_BY_YOU_TOO : null)}
          empty={
            anyPublished ? (
              <EmptyState text={NEEDS_FEEDBACK_TEXTS.empty}>
                <Link to={paths.solutions} className={buttonClasses('primary')}>
                  {NEEDS_FEEDBACK_TEXTS.emptyLink}
                </Link>
              </EmptyState>
            ) : (
              <EmptyState text={NEEDS_FEEDBACK_TEXTS.nonePublished}>
                <Link to={paths.challenges} className={buttonClasses('primary')}>
                  {NEEDS_FEEDBACK_TEXTS.nonePublishedLink}
                </Link>
              </EmptyState>
            )
          }
        />
      </div>
    </>
  )
}
