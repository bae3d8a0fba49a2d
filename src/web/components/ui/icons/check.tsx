import { type IconProps, Stroke } from './icon.tsx'

/** A plain tick; the review's steps and checks draw it bolder with `strokeWidth`. */
export const CheckIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Stroke>
)
