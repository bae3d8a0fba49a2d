import { VerificationTag } from '#web/features/verification/verification-tag.tsx'

/**
 * The verification tag on /settings (docs/product.md §10): the tag to copy, and "Create a new token" for a
 * member whose tag ended up on a site that is not theirs.
 */
export function VerificationSection() {
  return (
    <section
      aria-labelledby="settings-verification-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-8"
    >
      <h2 id="settings-verification-heading" className="text-lg font-semibold tracking-tight text-slate-900">
        Verification tag
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Proves that a site you submit is yours when it is not on your own github.io, so its review can pass.
      </p>
      <div className="mt-6">
        <VerificationTag rotatable />
      </div>
    </section>
  )
}
