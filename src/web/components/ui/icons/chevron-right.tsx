import { type IconProps, Stroke } from './icon.tsx'

export const ChevronRightIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M9 6l6 6-6 6" />
  </Stroke>
)
