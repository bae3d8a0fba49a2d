import { type IconProps, Stroke } from './icon.tsx'

/** The tick in a circle of a passed review: a longer tick than CheckCircleIcon's. */
export const PassedIcon = (p: IconProps) => (
  <Stroke {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.8 2.8L16.5 9.5" />
  </Stroke>
)
