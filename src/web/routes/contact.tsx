import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { MailIcon } from '#web/components/ui/icons.tsx'
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
          <MailIcon className="size-5 shrink-0" />
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
