import { type IconProps, Stroke } from './icon.tsx'

export const FigmaIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M8.5 3h3.5v6H8.5a3 3 0 0 1 0-6z" />
    <path d="M12 3h3.5a3 3 0 0 1 0 6H12z" />
    <path d="M8.5 9H12v6H8.5a3 3 0 0 1 0-6z" />
    <circle cx="15.5" cy="12" r="3" />
    <path d="M8.5 15H12v3a3 3 0 1 1-3.5-3z" />
  </Stroke>
)
