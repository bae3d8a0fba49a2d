import type { Review } from '#shared/review.ts'
import { CopyText } from '#web/components/copy-text.tsx'
import { reviewPath } from '#web/features/reviews/api/reviews.ts'
import { reviewMarkdown } from '#web/features/reviews/quality.ts'

/** "Copy as Markdown": the report's summary for a README. */
export function CopyMarkdown({ review }: { review: Review }) {
  return (
    <CopyText
      label="Copy as Markdown"
      copied="Copied the report as Markdown."
      text={() => reviewMarkdown(review, new URL(reviewPath(review.id), window.location.origin).href)}
    />
  )
}
