import { type IconProps, Stroke } from './icon.tsx'

export const SidebarIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2.5" />
    <path d="M9 4v16" />
  </Stroke>
)
