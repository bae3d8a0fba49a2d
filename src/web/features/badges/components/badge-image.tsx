import { BADGES, type BadgeId } from '#shared/badges.ts'

/** A badge's own picture; its alt text is the badge's name unless the name is written beside it. */
export function BadgeImage({
  id,
  className,
  decorative = false,
}: {
  id: BadgeId
  className: string
  decorative?: boolean
}) {
  return (
    <img
      src={BADGES[id].image}
      alt={decorative ? '' : BADGES[id].name}
      width={96}
      height={96}
      loading="lazy"
      className={`shrink-0 ${className}`}
    />
  )
}
