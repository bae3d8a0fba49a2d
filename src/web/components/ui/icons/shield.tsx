import { type IconProps, Stroke } from './icon.tsx'

export const ShieldIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
  </Stroke>
)
