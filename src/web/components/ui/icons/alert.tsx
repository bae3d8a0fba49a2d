import { type IconProps, Stroke } from './icon.tsx'

export const AlertIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M12 3l9.5 16.5H2.5z" />
    <path d="M12 10v4M12 17h.01" />
  </Stroke>
)
