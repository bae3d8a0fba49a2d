import { type IconProps, Stroke } from './icon.tsx'

export const ImageIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2.5" />
    <circle cx="9" cy="9.5" r="1.5" />
    <path d="M21 16l-5-5-9 9" />
  </Stroke>
)
