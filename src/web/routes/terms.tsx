import { LegalDocument } from '#web/features/legal/legal-document.tsx'
import { termsContent } from '#web/features/legal/terms-content.ts'
import { usePublicConfig } from '#web/lib/public-config.ts'

export function Component() {
  return <LegalDocument content={termsContent(usePublicConfig())} />
}
