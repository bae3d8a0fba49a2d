import { useEffect, useId, useState } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { WRITE_UP_MAX_LENGTH, writeUpLength } from '#shared/write-up-rule.ts'
import { FieldError } from '#web/components/ui/field-error.tsx'
import { FieldLabel } from '#web/components/ui/field-label.tsx'
import { WRITE_UP_CLASSES } from '#web/features/solutions/write-up-styles.ts'
import { useSettled } from '#web/lib/use-settled.ts'

type Render = (source: string) => string

/** 5000 as "5,000", without a locale's formatter (docs/decisions/003: the public pages load none). */
const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/**
 * The write-up's renderer, loaded on first need: the Markdown parser is a chunk of its own, so a page
 * that never shows a preview never downloads it.
 */
let loading: Promise<Render> | undefined
function loadRenderer(): Promise<Render> {
  loading ??= import('#shared/write-up.ts').then((module) => module.renderWriteUpMarkdown)
  return loading
}

/**
 * The write-up's HTML as the server will serve it (docs/product.md §11): the same renderer, which the
 * server's sanitiser leaves unchanged. Empty while there is nothing to show or the renderer loads.
 */
function usePreview(source: string): string {
  const settled = useSettled(source, 300)
  const [html, setHtml] = useState('')
  useEffect(() => {
    if (settled.trim() === '') {
      setHtml('')
      return
    }
    let current = true
    void loadRenderer().then((render) => {
      if (current) setHtml(render(settled))
    })
    return () => {
      current = false
    }
  }, [settled])
  return settled.trim() === '' ? '' : html
}

export const WRITE_UP_LABEL = 'Write-up (optional)'
export const WRITE_UP_HINT = 'What you built, what was hard, questions for reviewers. Markdown works.'
export const NOTHING_TO_PREVIEW = 'Nothing to preview yet.'

/**
 * The write-up's field (docs/product.md §11): a textarea with its hint, the character count against
 * the limit, its error, and a live preview of the rendered Markdown.
 */
export function WriteUpField({
  field,
  value,
  error,
  className = '',
  previewHeading = 'Preview',
}: {
  field: UseFormRegisterReturn
  value: string
  error: string | undefined
  className?: string
  /** The preview's region name: a page with two write-up fields names them apart. */
  previewHeading?: string
}) {
  const inputId = useId()
  const hintId = useId()
  const countId = useId()
  const errorId = useId()
  const previewId = useId()
  const preview = usePreview(value)
  const length = writeUpLength(value.replace(/\r\n?/g, '\n').trim())
  const over = length > WRITE_UP_MAX_LENGTH
  const describedBy = [hintId, countId, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} hintId={hintId} label={WRITE_UP_LABEL} hint={WRITE_UP_HINT} />
      <textarea
        {...field}
        id={inputId}
        rows={6}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base text-slate-900 shadow-sm focus-visible:outline-offset-0 ${
          error || over ? 'border-rose-600' : 'border-slate-300 hover:border-slate-400'
        }`}
      />
      <p id={countId} className={`mt-1 text-sm ${over ? 'font-medium text-rose-700' : 'text-slate-600'}`}>
        {withCommas(length)} / {withCommas(WRITE_UP_MAX_LENGTH)} characters
      </p>
      {error ? (
        <FieldError id={errorId} className="mt-2 text-sm font-medium text-rose-700">
          {error}
        </FieldError>
      ) : null}
      <section
        aria-labelledby={previewId}
        className="mt-3 rounded-xl border border-dashed border-slate-300 p-4"
      >
        <h3 id={previewId} className="text-sm font-semibold text-slate-900">
          {previewHeading}
        </h3>
        {preview === '' ? (
          <p className="mt-2 text-sm text-slate-600">{NOTHING_TO_PREVIEW}</p>
        ) : (
          <div
            className={`mt-2 ${WRITE_UP_CLASSES}`}
            // The shared renderer's output: no raw HTML, http(s) and mailto links only (docs/product.md §11).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the write-up renderer, which writes no raw HTML
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        )}
      </section>
    </div>
  )
}
