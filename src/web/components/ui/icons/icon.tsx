/*
 * What the icons share: each icon is a module of its own in this folder, re-exported by
 * #web/components/ui/icons.tsx (docs/decisions/019-first-visit-budgets.md).
 */
import type { ReactNode, SVGProps } from 'react'

export type IconProps = SVGProps<SVGSVGElement>

/** Decorative line icon: always aria-hidden, the surrounding text or aria-label names the control. */
export function Stroke({ children, className = 'size-5', ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      {...props}
    >
      {children}
    </svg>
  )
}

export function Solid({ children, className = 'size-5', ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className} {...props}>
      {children}
    </svg>
  )
}
