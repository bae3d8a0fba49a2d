import { type IconProps, Stroke } from './icon.tsx'

export const WifiOffIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M3 3l18 18" />
    <path d="M8.5 16.5a5 5 0 0 1 7 0" />
    <path d="M5 12.9a10 10 0 0 1 5.2-2.7M14.2 10.3A10 10 0 0 1 19 12.9" />
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8" />
    <path d="M12 20h.01" />
  </Stroke>
)
