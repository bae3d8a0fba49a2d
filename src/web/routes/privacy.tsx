import { LegalDocument } from '#web/features/legal/legal-document.tsx'
import { privacyContent } from '#web/features/legal/privacy-content.ts'
import { usePublicConfig } from '#web/lib/public-config.ts'

export function Component() {
  return <LegalDocument content={privacyContent(usePublicConfig())} />
}
