import { usePublicConfig } from '#web/lib/public-config.ts'

/** The document title, "{page} | {brand}", hoisted into <head> by React. */
export function PageTitle({ children }: { children: string }) {
  const { brandName } = usePublicConfig()
  return <title>{`${children} | ${brandName}`}</title>
}
