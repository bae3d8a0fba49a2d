import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { usePublicConfig } from '#web/lib/public-config.ts'
import { useLogoNavigation } from '#web/lib/use-logo-navigation.ts'

/** The brand mark (same drawing as the favicon). */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" fill="#131c31" />
      <rect x="0.5" y="0.5" width="31" height="31" rx="7.5" fill="none" stroke="rgb(255 255 255 / 0.14)" />
      <path d="M9 9h6.5a7 7 0 0 1 0 14H9z" fill="none" stroke="#38c2f8" strokeWidth="3" />
      <circle cx="22.5" cy="11" r="2.5" fill="#f472b6" />
    </svg>
  )
}

/**
 * The logo link, for ink surfaces. A click scrolls to the top and goes home after
 * LOGO_NAVIGATION_DELAY_MS (docs/product.md §2: navbar and footer).
 */
export function Logo({ className = '' }: { className?: string }) {
  const { brandName } = usePublicConfig()
  const onClick = useLogoNavigation()
  return (
    <Link
      to={paths.home}
      onClick={onClick}
      className={`inline-flex shrink-0 items-center gap-2.5 rounded-lg text-[1.05rem] font-bold tracking-tight text-white ${className}`}
    >
      <LogoMark />
      <span>{brandName}</span>
    </Link>
  )
}
