import { type IconProps, Stroke } from './icon.tsx'

/** The verified-site badge: a tick in a rosette. */
export const BadgeCheckIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M12 3l2.4 1.8 3-.2.9 2.9 2.4 1.8-1 2.7 1 2.7-2.4 1.8-.9 2.9-3-.2L12 21l-2.4-1.8-3 .2-.9-2.9-2.4-1.8 1-2.7-1-2.7 2.4-1.8.9-2.9 3 .2z" />
    <path d="m8.8 12.2 2.2 2.2 4.2-4.4" />
  </Stroke>
)
