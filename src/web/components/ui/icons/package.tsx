import { type IconProps, Stroke } from './icon.tsx'

export const PackageIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M21 8l-9-5-9 5v8l9 5 9-5z" />
    <path d="M3 8l9 5 9-5M12 13v8" />
  </Stroke>
)
