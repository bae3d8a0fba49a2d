import { type IconProps, Stroke } from './icon.tsx'

export const TypeIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M4 7V5h16v2M9 19h6M12 5v14" />
  </Stroke>
)
