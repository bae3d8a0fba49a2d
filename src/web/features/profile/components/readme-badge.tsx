import { paths } from '#shared/paths.ts'
import { CopyText } from '#web/components/copy-text.tsx'
import { useSession } from '#web/features/auth/use-session.ts'
import { usePublicConfig } from '#web/lib/public-config.ts'

const readmeBadgePath = (username: string) => `/api/users/${encodeURIComponent(username)}/badge.svg`

/**
 * On a member's own profile: their embeddable badge (points, completed and verified challenges) and the
 * Markdown that shows it in a README, linked to this profile. Others see nothing: the session is only
 * known in the browser, so the server's HTML and the first render agree.
 */
export function ReadmeBadge({ username }: { username: string }) {
  const session = useSession()
  const { brandName } = usePublicConfig()
  if (session.status !== 'signed-in' || session.user.username !== username) return null
  const alt = `${brandName} profile of @${username}`
  const markdown = () => {
    const { origin } = window.location
    return `[![${alt}](${origin}${readmeBadgePath(username)})](${origin}${paths.profile(username)})`
  }
  return (
    <section
      aria-labelledby="readme-badge-title"
      className="mt-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="readme-badge-title" className="text-lg font-bold tracking-tight text-slate-900">
        Your badge for a README
      </h2>
      <p className="mt-2 max-w-2xl text-sm leading-6 text-slate-700">
        Show your points and completed challenges on GitHub or your portfolio. The image follows your progress
        and links back to this profile.
      </p>
      <img src={readmeBadgePath(username)} alt={alt} height={20} className="mt-4 h-5 w-auto" />
      <div className="mt-4">
        <CopyText label="Copy badge Markdown" copied="Copied the badge's Markdown." text={markdown} />
      </div>
    </section>
  )
}
