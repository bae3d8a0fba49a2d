import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { ArrowRightIcon, GithubIcon, PointCheckIcon } from '#web/components/ui/icons.tsx'
import { useSignInHref } from '#web/features/auth/sign-in.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import bannerUrl from '#web/features/home/assets/banner.svg'

const HIGHLIGHTS = ['Editable SVG designs included', 'Desktop, tablet and mobile designs', '100% free']

/** Headline, tagline, sign-in and the banner (docs/product.md §2 Home). */
export function Hero() {
  // The page's largest paint: its <img fetchPriority="high"> makes React ask for it from the head,
  // ahead of the scripts.
  const session = useSession()
  const signInHref = useSignInHref()
  return (
    <section aria-labelledby="home-heading" className="surface-ink relative isolate overflow-hidden">
      <div aria-hidden="true" className="bg-grid absolute inset-0 -z-10" />
      <div
        aria-hidden="true"
        className="absolute -top-48 left-1/2 -z-10 h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-accent-500/15 blur-3xl"
      />
      <div className="page-container grid items-center gap-12 pt-14 pb-16 sm:pt-20 sm:pb-24 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:py-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 text-xs font-medium text-slate-300 sm:text-sm">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-pop-400" />
            Free frontend challenges from real designs
          </p>
          <h1
            id="home-heading"
            className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl"
          >
            Master Frontend Skills with{' '}
            <span className="bg-gradient-to-r from-accent-300 via-indigo-300 to-pop-300 bg-clip-text text-transparent">
              <span className="whitespace-nowrap">Hands-On</span> Projects
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-slate-300 lg:mx-0">
            Turn professional designs into real websites. Download the designs, build them with HTML, CSS and
            JavaScript, submit your live site and earn points on the leaderboard.
          </p>
          <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            {/* Kept in place, hidden, while the session is checked: showing it then would push the
                rest of the hero down, and most visitors are signed out. */}
            {session.status === 'signed-in' ? null : (
              <a
                href={signInHref}
                className={buttonClasses(
                  'accent',
                  'lg',
                  `w-full sm:w-auto ${session.status === 'loading' ? 'invisible' : ''}`,
                )}
              >
                <GithubIcon className="size-5" />
                Login with GitHub
              </a>
            )}
            <Link to={paths.challenges} className={buttonClasses('outline-ink', 'lg', 'w-full sm:w-auto')}>
              Browse challenges
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
          <ul className="mt-9 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-400 lg:justify-start">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <PointCheckIcon className="size-4 text-accent-400" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <img
          src={bannerUrl}
          width={720}
          height={520}
          fetchPriority="high"
          alt="A website design in a browser, its code in an editor and the mobile version on a phone"
          className="mx-auto h-auto w-full max-w-xl lg:max-w-none"
        />
      </div>
    </section>
  )
}
