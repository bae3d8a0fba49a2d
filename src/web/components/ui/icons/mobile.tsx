import { type IconProps, Stroke } from './icon.tsx'

export const MobileIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="7" y="3" width="10" height="18" rx="2" />
    <path d="M11 18h2" />
  </Stroke>
)
