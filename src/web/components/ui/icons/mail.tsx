import { type IconProps, Solid } from './icon.tsx'

export const MailIcon = (p: IconProps) => (
  <Solid viewBox="0 0 20 20" {...p}>
    <path d="M3 4a2 2 0 0 0-2 2v.4l9 5.1 9-5.1V6a2 2 0 0 0-2-2H3Z" />
    <path d="m19 8.7-8.5 4.8a1 1 0 0 1-1 0L1 8.7V14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V8.7Z" />
  </Solid>
)
