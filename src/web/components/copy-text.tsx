import { useId, useRef, useState } from 'react'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { toast } from '#web/lib/toast.ts'

/**
 * A button that copies text with the Clipboard API. Where that is not available (an insecure origin, a
 * refused permission) the text shows in a field, selected, to copy by hand.
 */
export function CopyText({ label, text, copied }: { label: string; text: () => string; copied: string }) {
  const [fallback, setFallback] = useState<string | null>(null)
  const fieldId = useId()
  const field = useRef<HTMLTextAreaElement>(null)

  const copy = async () => {
    const value = text()
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(value)
      setFallback(null)
      toast.success(copied)
    } catch {
      setFallback(value)
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
        {label}
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
            rows={Math.min(8, fallback.split('\n').length + 1)}
            className="mt-2 block w-full rounded-lg border border-slate-300 bg-white p-3 font-mono text-xs text-slate-900"
          />
        </div>
      ) : null}
    </div>
  )
}
