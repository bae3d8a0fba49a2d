import type { PublicProfile } from '#shared/user.ts'
import { GithubIcon, LinkedinIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { webUrl } from '#web/lib/web-url.ts'

/**
 * A member's public card (docs/product.md §2 Profile): avatar or "No Image", name (fallback "No Name"),
 * @username, bio (fallback "Frontend Developer"), points, challenges completed and submitted, the social links they set, and how many
 * of their comments were marked helpful (docs/product.md §12).
 */
export function ProfileCard({ profile }: { profile: PublicProfile }) {
  const linkedin = webUrl(profile.linkedinUrl)
  const github = webUrl(profile.githubUrl)
  const name = profile.name?.trim() || 'No Name'

  return (
    <article
      aria-labelledby="profile-name"
      className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-card"
    >
      <div aria-hidden="true" className="surface-ink relative h-28 overflow-hidden sm:h-36">
        <div className="bg-grid absolute inset-0" />
        <div className="absolute -top-24 left-1/3 h-64 w-[36rem] rounded-full bg-accent-500/25 blur-3xl" />
        <div className="absolute -right-16 -bottom-24 h-56 w-72 rounded-full bg-pop-500/20 blur-3xl" />
      </div>
      <div className="px-6 pb-8 sm:px-10">
        <div className="relative -mt-14 flex flex-col gap-5 sm:-mt-16 sm:flex-row sm:items-end sm:justify-between">
          {profile.avatarUrl ? (
            <img
              src={profile.avatarUrl}
              alt={`${profile.username}'s avatar`}
              width={128}
              height={128}
              // The page's largest paint on a phone: React also asks for it from the head, ahead of the scripts.
              fetchPriority="high"
              className="size-28 rounded-full bg-slate-200 object-cover ring-4 ring-white sm:size-32"
            />
          ) : (
            <div className="flex size-28 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600 ring-4 ring-white sm:size-32">
              No Image
            </div>
          )}
          {linkedin || github ? (
            <ul aria-label="Social links" className="flex flex-wrap gap-2">
              {linkedin ? (
                <li>
                  <SocialLink href={linkedin} label="LinkedIn" icon={<LinkedinIcon className="size-4" />} />
                </li>
              ) : null}
              {github ? (
                <li>
                  <SocialLink href={github} label="GitHub" icon={<GithubIcon className="size-4" />} />
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>

        <h1 id="profile-name" className="mt-5 text-3xl font-bold tracking-tight break-words text-slate-900">
          {name}
        </h1>
        <p className="mt-1 text-base font-medium text-slate-600">@{profile.username}</p>
        <p className="mt-4 max-w-2xl text-base leading-7 break-words text-slate-700">
          {profile.bio?.trim() || 'Frontend Developer'}
        </p>

        <dl className="mt-8 grid max-w-md grid-cols-2 gap-3">
          <Stat label="Points" value={profile.points} />
          <div className="rounded-2xl border border-slate-200 bg-slate-50 px-5 py-4">
            <dt className="text-sm font-medium text-slate-600">Challenges</dt>
            {/* What each number counts (docs/product.md §2 Profile): "Completed 0 · Submitted 3". */}
            <dd data-testid="challenge-counts" className="mt-2 text-base font-medium text-slate-700">
              Completed <Count value={profile.submission} /> · Submitted <Count value={profile.submitted} />
            </dd>
          </div>
        </dl>
        <p data-testid="helpful-comments" className="mt-4 text-sm font-medium text-slate-700">
          Helpful comments:{' '}
          <span className="font-semibold text-slate-900 tabular-nums">{profile.helpfulComments}</span>
        </p>
      </div>
    </article>
  )
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 px-5 py-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</dd>
    </div>
  )
}

function Count({ value }: { value: number }) {
  return <span className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</span>
}

function SocialLink({ href, label, icon }: { href: string; label: string; icon: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-10 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:border-slate-400 hover:bg-slate-50"
    >
      {icon}
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

export function ProfileCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-card">
      <p role="status" className="sr-only">
        Loading the profile...
      </p>
      <div aria-hidden="true">
        <Skeleton className="h-28 rounded-none sm:h-36" />
        <div className="space-y-4 px-6 pb-8 sm:px-10">
          <Skeleton className="relative -mt-14 size-28 rounded-full! ring-4 ring-white sm:-mt-16 sm:size-32" />
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-80 max-w-full" />
          <div className="grid max-w-md grid-cols-2 gap-3 pt-4">
            <Skeleton className="h-24 rounded-2xl" />
            <Skeleton className="h-24 rounded-2xl" />
          </div>
        </div>
      </div>
    </div>
  )
}
