import { useQuery } from '@tanstack/react-query'
import { BadgeImage } from '#web/features/badges/components/badge-image.tsx'
import { profileQuery } from '#web/features/profile/api/profile.ts'

/**
 * The member's badges in the dropdown (docs/product.md §2 Navbar), read with their profile when the menu
 * first opens (the same answer the profile page uses, so opening it after the profile costs nothing).
 */
export default function MenuBadges({ username }: { username: string }) {
  const profile = useQuery(profileQuery(username))
  const badges = profile.data?.badges ?? []
  if (badges.length === 0) return null
  const shown = badges.slice(0, 6)
  return (
    <div className="px-3 pb-3" data-testid="menu-badges">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {badges.length === 1 ? '1 badge' : `${badges.length} badges`}
      </p>
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {shown.map((badge) => (
          <li key={`${badge.id}:${badge.reason}`}>
            <BadgeImage id={badge.id} className="size-8" />
          </li>
        ))}
      </ul>
    </div>
  )
}
