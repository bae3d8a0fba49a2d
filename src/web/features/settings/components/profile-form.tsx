import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { type Control, Controller, type FieldError, useForm } from 'react-hook-form'
import { config as zodConfig } from 'zod'
import { BIO_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/constants.ts'
import {
  graphemeCount,
  LINK_MAX_LENGTH,
  type OwnProfile,
  type ProfileUpdate,
  profileUpdateSchema,
  stripLinkCharacters,
} from '#shared/profile.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { GithubIcon, LinkedinIcon } from '#web/components/ui/icons.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { updateProfile } from '#web/features/settings/api/profile-settings.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

// zod compiles fast paths with `new Function` unless told not to; the CSP (script-src 'self') forbids it.
zodConfig({ jitless: true })

/** docs/product.md §2 Settings, word for word. */
const UPDATE_FAILED = 'There was an issue updating your profile.'
const UPDATE_EXCEPTION = 'An unexpected error occurred.'

const inputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-400 aria-invalid:border-rose-600 aria-invalid:ring-1 aria-invalid:ring-rose-600'

/**
 * The profile form of /settings (docs/product.md §2 Settings, §5 Profile). Name and bio keep what is
 * typed or pasted, as it is; the shared schema checks them on submit and says under the field which
 * character it refuses (nothing is sent then), and the server checks once more. Counters count characters
 * as people see them. The links drop characters outside the set of §5 as they are typed; `https://` is
 * added on save where no scheme was typed.
 */
export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: OwnProfile
  onSaved: (saved: OwnProfile) => void
}) {
  const form = useForm<ProfileUpdate, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      name: profile.name ?? '',
      bio: profile.bio ?? '',
      linkedinUrl: profile.linkedinUrl ?? '',
      githubUrl: profile.githubUrl ?? '',
    },
  })
  const { control, handleSubmit, setError, formState } = form

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        toast.error(error.message, { id: 'profile-update-error' })
        setError('root.server', { message: error.message })
      } else if (error instanceof ApiError) {
        toast.error(UPDATE_FAILED, { id: 'profile-update-error' })
      } else {
        // No answer at all (NetworkError) or something thrown on the way.
        toast.error(UPDATE_EXCEPTION, { id: 'profile-update-error' })
      }
    },
  })

  const rootError = formState.errors.root?.server?.message

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => save.mutate(values))}
      className="mt-8 space-y-6"
      aria-describedby={rootError ? 'profile-form-error' : undefined}
    >
      <FormSection id="settings-profile" title="Profile" description="Your name and a few words about you.">
        <div className="flex items-center gap-4">
          <Avatar
            src={profile.avatarUrl}
            name={profile.name?.trim() || profile.username}
            className="size-16 text-lg"
          />
          <div className="min-w-0">
            <p className="truncate text-base font-semibold text-slate-900">@{profile.username}</p>
            <p className="text-sm text-slate-600">Your avatar comes from your GitHub account.</p>
          </div>
        </div>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <Field
              label="Name"
              hint={`${graphemeCount(field.value)}/${NAME_MAX_LENGTH}`}
              error={fieldState.error}
            >
              {(aria) => (
                <input
                  {...aria}
                  ref={field.ref}
                  name={field.name}
                  type="text"
                  autoComplete="name"
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
          )}
        />
        <Controller
          control={control}
          name="bio"
          render={({ field, fieldState }) => (
            <Field
              label="Bio"
              hint={`${graphemeCount(field.value)}/${BIO_MAX_LENGTH}`}
              error={fieldState.error}
            >
              {(aria) => (
                <textarea
                  {...aria}
                  ref={field.ref}
                  name={field.name}
                  rows={4}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value)}
                  className={`${inputClass} resize-y`}
                />
              )}
            </Field>
          )}
        />
      </FormSection>

      <FormSection id="settings-social" title="Social" description="Links shown on your public profile.">
        <LinkField
          control={control}
          name="linkedinUrl"
          label="LinkedIn"
          icon={<LinkedinIcon className="size-4" />}
          placeholder="https://www.linkedin.com/in/your-name"
        />
        <LinkField
          control={control}
          name="githubUrl"
          label="GitHub"
          icon={<GithubIcon className="size-4" />}
          placeholder="https://github.com/your-name"
        />
      </FormSection>

      {rootError ? (
        <p
          id="profile-form-error"
          role="alert"
          className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800"
        >
          {rootError}
        </p>
      ) : null}

      <div className="flex justify-end">
        <button type="submit" disabled={save.isPending} className={buttonClasses('primary', 'lg')}>
          {save.isPending ? <Spinner className="size-4" /> : null}
          Update
        </button>
      </div>
    </form>
  )
}

/** A social link input: characters outside docs/product.md §5's set are stripped as the member types. */
function LinkField({
  control,
  name,
  label,
  icon,
  placeholder,
}: {
  control: Control<ProfileUpdate, unknown, ProfileUpdate>
  name: 'linkedinUrl' | 'githubUrl'
  label: string
  icon: ReactNode
  placeholder: string
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          icon={icon}
          hint={`A link to ${name === 'linkedinUrl' ? 'linkedin.com' : 'github.com'}`}
          error={fieldState.error}
        >
          {(aria) => (
            <input
              {...aria}
              ref={field.ref}
              name={field.name}
              type="text"
              inputMode="url"
              autoComplete="url"
              maxLength={LINK_MAX_LENGTH}
              placeholder={placeholder}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                const next = stripLinkCharacters(event.target.value)
                field.onChange(next)
              }}
              className={inputClass}
            />
          )}
        </Field>
      )}
    />
  )
}

function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-8"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-6 space-y-5">{children}</div>
    </section>
  )
}

type FieldAria = {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string
}

/** Label, control, hint and error, wired together for assistive technology. */
function Field({
  label,
  hint,
  icon,
  error,
  children,
}: {
  label: string
  hint: string
  icon?: ReactNode
  error: FieldError | undefined
  children: (aria: FieldAria) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          {icon}
          {label}
        </label>
        <span id={hintId} className="text-xs text-slate-600 tabular-nums">
          {hint}
        </span>
      </div>
      <div className="mt-2">
        {children({
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
        })}
      </div>
      {error?.message ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-rose-700">
          {error.message}
        </p>
      ) : null}
    </div>
  )
}
