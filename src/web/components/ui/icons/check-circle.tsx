import { type IconProps, Stroke } from './icon.tsx'

export const CheckCircleIcon = (p: IconProps) => (
  <Stroke {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.5 2.5L16 9.5" />
  </Stroke>
)
