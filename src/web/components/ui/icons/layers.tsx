import { type IconProps, Stroke } from './icon.tsx'

export const LayersIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M12 3l9 5-9 5-9-5z" />
    <path d="M3 13l9 5 9-5" />
  </Stroke>
)
