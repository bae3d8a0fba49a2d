import { type IconProps, Solid } from './icon.tsx'

/** The small solid tick before each point of a list (the home page's highlights and features). */
export const PointCheckIcon = (p: IconProps) => (
  <Solid viewBox="0 0 16 16" {...p}>
    <path d="M6.2 11.6L2.6 8l1.1-1.1 2.5 2.5 6.1-6.1 1.1 1.1z" />
  </Solid>
)
