import { useId, useState } from 'react'
import type { NewReport } from '#shared/feedback.ts'
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_TOO_LONG,
  REPORT_REASON_INVALID,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_THANKS,
  type ReportReason,
} from '#shared/feedback-rule.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { FieldError } from '#web/components/ui/field-error.tsx'
import { sendReport } from '#web/features/feedback/api/feedback.ts'
import { Modal } from '#web/features/feedback/components/modal.tsx'
import { withCommas } from '#web/features/feedback/format.ts'
import { toast } from '#web/lib/toast.ts'

export type ReportTarget = NewReport['target']

const TITLES: Record<ReportTarget['type'], string> = {
  comment: 'Report this comment',
  solution: 'Report this solution',
}

/**
 * The report dialog (docs/product.md §12): why (one of REPORT_REASON_LABELS) and optional details; the
 * admins see it on their reports page. Sent, it closes with a thank-you toast; refused, the server's
 * message shows inside it.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const headingId = useId()
  const reasonErrorId = useId()
  const detailsId = useId()
  const detailsCountId = useId()
  const detailsErrorId = useId()
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [details, setDetails] = useState('')
  const [errors, setErrors] = useState<{ reason?: string; details?: string; server?: string }>({})
  const [sending, setSending] = useState(false)
  const detailsLength = [...details].length

  return (
    <Modal labelledBy={headingId} onClose={onClose}>
      {(close) => (
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault()
            if (sending) return
            const found: typeof errors = {}
            if (!reason) found.reason = REPORT_REASON_INVALID
            if (detailsLength > REPORT_DETAILS_MAX_LENGTH) found.details = REPORT_DETAILS_TOO_LONG
            setErrors(found)
            if (!reason || found.details) {
              const form = event.currentTarget
              const first = found.reason
                ? form.querySelector<HTMLInputElement>('input[type="radio"]')
                : form.querySelector<HTMLTextAreaElement>('textarea')
              first?.focus()
              return
            }
            setSending(true)
            try {
              await sendReport({ target, reason, details: details.trim() ? details : undefined })
              toast.success(REPORT_THANKS)
              close()
            } catch (error) {
              setErrors({ server: error instanceof Error ? error.message : String(error) })
              setSending(false)
            }
          }}
        >
          <h2 id={headingId} className="text-xl font-semibold tracking-tight text-slate-900">
            {TITLES[target.type]}
          </h2>
          <fieldset
            className="mt-4"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? reasonErrorId : undefined}
          >
            <legend className="text-sm font-semibold text-slate-900">Why are you reporting it?</legend>
            <div className="mt-2 grid gap-1">
              {REPORT_REASONS.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-base text-slate-800 hover:bg-slate-50"
                >
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value)
                      setErrors((current) => ({ ...current, reason: undefined }))
                    }}
                    className="size-4"
                  />
                  {REPORT_REASON_LABELS[value]}
                </label>
              ))}
            </div>
            {errors.reason ? (
              <FieldError id={reasonErrorId} alert={false} className="mt-2 text-sm font-medium text-rose-700">
                {errors.reason}
              </FieldError>
            ) : null}
          </fieldset>
          <label htmlFor={detailsId} className="mt-4 block text-sm font-semibold text-slate-900">
            Details (optional)
          </label>
          <textarea
            id={detailsId}
            rows={3}
            value={details}
            onChange={(event) => {
              setDetails(event.target.value)
              setErrors((current) => ({ ...current, details: undefined }))
            }}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={[detailsCountId, errors.details ? detailsErrorId : null]
              .filter(Boolean)
              .join(' ')}
            className="mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm hover:border-slate-400 aria-invalid:border-rose-600"
          />
          <p
            id={detailsCountId}
            className={`mt-1 text-sm ${detailsLength > REPORT_DETAILS_MAX_LENGTH ? 'font-medium text-rose-700' : 'text-slate-600'}`}
          >
            {withCommas(detailsLength)} / {withCommas(REPORT_DETAILS_MAX_LENGTH)} characters
          </p>
          {errors.details ? (
            <FieldError id={detailsErrorId} alert={false} className="mt-2 text-sm font-medium text-rose-700">
              {errors.details}
            </FieldError>
          ) : null}
          {errors.server ? (
            <p role="alert" className="mt-4 text-sm font-medium text-rose-700">
              {errors.server}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className={buttonClasses('secondary')} onClick={close}>
              Cancel
            </button>
            <button type="submit" className={buttonClasses('primary')} aria-disabled={sending || undefined}>
              {sending ? 'Sending...' : 'Submit'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}
