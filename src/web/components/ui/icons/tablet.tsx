import { type IconProps, Stroke } from './icon.tsx'

export const TabletIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M11 18h2" />
  </Stroke>
)
