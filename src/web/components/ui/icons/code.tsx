import { type IconProps, Stroke } from './icon.tsx'

export const CodeIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />
  </Stroke>
)
