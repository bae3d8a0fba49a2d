import { DocumentTitle } from '#web/lib/head.tsx'
import { usePublicConfig } from '#web/lib/public-config.ts'

/** The document title, "{page} | {brand}". */
export function PageTitle({ children }: { children: string }) {
  const { brandName } = usePublicConfig()
  return <DocumentTitle title={`${children} | ${brandName}`} />
}
