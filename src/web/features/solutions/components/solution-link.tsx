import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { solutionPath } from '#web/features/solutions/api/solutions.ts'

/**
 * A link to a solution's page (docs/product.md §11), wherever a member's work is named. `label` is read
 * out after the visible text, in brackets ("View solution (Waggle)"), so several such links on one page
 * stay apart for a screen reader.
 */
export function SolutionLink({
  id,
  children,
  label,
  className = 'inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline',
}: {
  id: string
  children: ReactNode
  label?: string
  className?: string
}) {
  return (
    <Link to={solutionPath(id)} className={className}>
      {children}
      {label ? <span className="sr-only"> ({label})</span> : null}
    </Link>
  )
}
