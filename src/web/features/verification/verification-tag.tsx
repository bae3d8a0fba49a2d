import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { AlertIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { failureDetail } from '#web/features/challenges/components/failure-detail.ts'
import {
  rotateVerification,
  VERIFICATION_HINT,
  verificationKeys,
  verificationQuery,
} from '#web/features/verification/api/verification.ts'
import { toast } from '#web/lib/toast.ts'

const COPIED = 'Copied your verification tag. Paste it inside the <head> of your page.'
const COPY_REFUSED =
  'The browser did not allow copying: the tag is selected, press Ctrl+C (or ⌘C) to copy it.'
const ROTATED =
  'New token created. Put the new tag on your sites: the old one no longer counts for new reviews.'
const ROTATE_FAILED = 'We could not create a new token. Please try again.'

/**
 * The member's verification tag (docs/product.md §10): a site on any host counts as theirs when its <head>
 * carries this tag. Shown read-only with "Copy tag"; with `rotatable` (settings) also "Create a new
 * token", after a confirm step that says the old tag stops counting for new reviews.
 */
export function VerificationTag({ rotatable = false }: { rotatable?: boolean }) {
  const verification = useQuery(verificationQuery())
  const hintId = useId()
  const code = useRef<HTMLElement>(null)

  if (verification.isPending) {
    return (
      <div>
        <p className="text-sm text-slate-600">{VERIFICATION_HINT}</p>
        <p role="status" className="sr-only">
          Loading your verification tag...
        </p>
        <Skeleton className="mt-3 h-12 rounded-xl" />
      </div>
    )
  }
  if (verification.isError) {
    return (
      <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
        <p className="flex items-start gap-1.5 font-medium">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          We could not load your verification tag.
        </p>
        <button
          type="button"
          onClick={() => void verification.refetch()}
          className={buttonClasses('secondary', 'sm', 'mt-3')}
        >
          Try again
        </button>
      </div>
    )
  }

  const { tag } = verification.data
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(tag)
      toast.success(COPIED)
    } catch {
      // The tag is on screen: select it, ready to copy by hand.
      const node = code.current
      const selection = window.getSelection()
      if (node && selection) {
        const range = document.createRange()
        range.selectNodeContents(node)
        selection.removeAllRanges()
        selection.addRange(range)
      }
      toast.error(COPY_REFUSED)
    }
  }

  return (
    // A container: beside the challenge (a narrow column) the button goes under the tag, in settings beside it.
    <div className="@container">
      <p id={hintId} className="text-sm leading-6 text-slate-600">
        {VERIFICATION_HINT}
      </p>
      <p className="mt-3 text-sm font-semibold text-slate-900">Your verification tag</p>
      <div className="mt-1.5 flex flex-col items-start gap-2 @lg:flex-row">
        <pre className="w-full min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-4 py-3 font-mono text-sm leading-6 whitespace-pre-wrap break-all text-slate-900">
          <code ref={code} data-testid="verification-tag">
            {tag}
          </code>
        </pre>
        <button
          type="button"
          onClick={copy}
          aria-label="Copy tag to the clipboard"
          aria-describedby={hintId}
          className={buttonClasses('secondary', 'md', 'shrink-0')}
        >
          Copy tag
        </button>
      </div>
      {rotatable ? <RotateToken /> : null}
    </div>
  )
}

/** "Create a new token", then a confirm step: the old tag stops counting for new reviews. */
function RotateToken() {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const openButton = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)

  const rotate = useMutation({
    mutationFn: rotateVerification,
    onSuccess: (fresh) => {
      queryClient.setQueryData(verificationKeys.mine, fresh)
      close()
      toast.success(ROTATED)
    },
    onError: (error) => {
      console.warn('Creating a new verification token failed:', error)
      const detail = failureDetail(error)
      if (detail !== null) toast.error(ROTATE_FAILED, { description: detail })
    },
  })

  function close() {
    returnFocus.current = true
    setConfirming(false)
  }

  // Focus follows the step: onto "Cancel" when it opens (the safe choice), back to the button after.
  useEffect(() => {
    if (confirming) cancelButton.current?.focus()
    else if (returnFocus.current) {
      returnFocus.current = false
      openButton.current?.focus()
    }
  }, [confirming])

  if (!confirming) {
    return (
      <button
        ref={openButton}
        type="button"
        onClick={() => setConfirming(true)}
        className={buttonClasses('secondary', 'sm', 'mt-4')}
      >
        Create a new token
      </button>
    )
  }
  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <fieldset
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !rotate.isPending) {
            event.stopPropagation()
            close()
          }
        }}
      >
        <legend className="text-sm leading-6 text-amber-900">
          Create a new token? Your current tag stops counting for new reviews: every site that carries it
          needs the new tag before its next review.
        </legend>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={rotate.isPending}
            aria-busy={rotate.isPending || undefined}
            onClick={() => rotate.mutate()}
            className={buttonClasses('primary', 'sm')}
          >
            {rotate.isPending ? <Spinner className="size-4" /> : null}
            Create the new token
          </button>
          <button
            ref={cancelButton}
            type="button"
            disabled={rotate.isPending}
            onClick={close}
            className={buttonClasses('secondary', 'sm')}
          >
            Cancel
          </button>
        </div>
      </fieldset>
    </div>
  )
}
