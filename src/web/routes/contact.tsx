import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { IllustratedPage } from '#web/features/static/illustrated-page.tsx'
import { usePublicConfig } from '#web/lib/public-config.ts'

// The address comes from configuration and may be long: let it wrap rather than overflow at 320 px.
const emailButtonClass = buttonClasses(
  'primary',
  'lg',
  'h-auto! min-h-12 max-w-full py-3 whitespace-normal! wrap-anywhere',
)

export function Component() {
  const { supportEmail } = usePublicConfig()
  return (
    <IllustratedPage
      title="Contact"
      eyebrow="Contact"
      heading="Need Help? We're Here for You!"
      illustration="/images/static/contact.svg"
      actions={
        <a href={`mailto:${supportEmail}`} className={emailButtonClass}>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0">
            <path d="M3 4a2 2 0 0 0-2 2v.4l9 5.1 9-5.1V6a2 2 0 0 0-2-2H3Z" />
            <path d="m19 8.7-8.5 4.8a1 1 0 0 1-1 0L1 8.7V14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V8.7Z" />
          </svg>
          {supportEmail}
        </a>
      }
    >
      <p>
        Questions about a challenge, your account or a submission? Found something that doesn't work, or want
        a link added or removed? Write to us and we'll get back to you as soon as we can.
      </p>
    </IllustratedPage>
  )
}
