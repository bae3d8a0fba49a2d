import { type IconProps, Stroke } from './icon.tsx'

export const RocketIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M5 15c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9-.8-.8-2.1-.8-2.9-.1z" />
    <path d="M12 15l-3-3a15 15 0 0 1 9-9c1.7 0 3 1.3 3 3a15 15 0 0 1-9 9z" />
    <path d="M9 12H5l2-4h4M12 15v4l4-2v-4" />
  </Stroke>
)
