import type { ReactNode } from 'react'
import { AlertIcon } from '#web/components/ui/icons.tsx'

/**
 * A message that something went wrong, after an alert icon: under a field (pointed at by the field's
 * `aria-describedby` through `id`) or above a form's button. It is announced as it appears unless
 * `alert` is false (a form that leads to its errors another way). `className` places and colours it.
 */
export function FieldError({
  id,
  className,
  alert = true,
  testId,
  children,
}: {
  id?: string
  className: string
  alert?: boolean
  testId?: string
  children: ReactNode
}) {
  return (
    <p
      id={id}
      role={alert ? 'alert' : undefined}
      data-testid={testId}
      className={`${className} flex items-start gap-1.5`}
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  )
}
