import { useId, useRef, useState } from 'react'
import type { Review } from '#shared/review.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { reviewPath } from '#web/features/reviews/api/reviews.ts'
import { reviewMarkdown } from '#web/features/reviews/quality.ts'
import { toast } from '#web/lib/toast.ts'

/**
 * "Copy as Markdown": the report's summary for a README, copied with the Clipboard API. Where that is
 * not available (an insecure origin, a refused permission) the text shows in a field to copy by hand.
 */
export function CopyMarkdown({ review }: { review: Review }) {
  const [fallback, setFallback] = useState<string | null>(null)
  const fieldId = useId()
  const field = useRef<HTMLTextAreaElement>(null)

  const copy = async () => {
    const markdown = reviewMarkdown(review, new URL(reviewPath(review.id), window.location.origin).href)
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(markdown)
      setFallback(null)
      toast.success('Copied the report as Markdown.')
    } catch {
      setFallback(markdown)
      // After the field renders: selected, ready for Ctrl+C.
      requestAnimationFrame(() => {
        field.current?.focus()
        field.current?.select()
      })
    }
  }

  return (
    <div>
      <button type="button" onClick={copy} className={buttonClasses('secondary', 'sm')}>
        Copy as Markdown
      </button>
      {fallback !== null ? (
        <div className="mt-3 max-w-2xl">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
            The browser did not allow copying: select the text below and copy it.
          </label>
          <textarea
            id={fieldId}
            ref={field}
            readOnly
            value={fallback}
            rows={8}
            className="mt-2 block w-full rounded-lg border border-slate-300 bg-white p-3 font-mono text-xs text-slate-900"
          />
        </div>
      ) : null}
    </div>
  )
}
