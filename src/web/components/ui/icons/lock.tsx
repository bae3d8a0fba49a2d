import { type IconProps, Stroke } from './icon.tsx'

export const LockIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="4" y="10.5" width="16" height="10.5" rx="2.5" />
    <path d="M8 10.5V7a4 4 0 0 1 8 0v3.5" />
  </Stroke>
)
