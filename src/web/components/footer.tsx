import type { ComponentType, SVGProps } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { Logo } from '#web/components/logo.tsx'
import { ThemeSwitcher } from '#web/components/theme-switcher.tsx'
import {
  DiscordIcon,
  FacebookIcon,
  GithubIcon,
  GlobeIcon,
  InstagramIcon,
  LinkedinIcon,
  XIcon,
  YoutubeIcon,
} from '#web/components/ui/icons.tsx'
import { usePublicConfig } from '#web/lib/public-config.ts'
import { scrollToTop } from '#web/lib/scroll.ts'

/** docs/product.md §2 Footer, in its order. */
const FOOTER_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.challenges, label: 'Challenges' },
  { to: paths.competitions, label: 'Competitions' },
  { to: paths.badges, label: 'Badges' },
  { to: paths.terms, label: 'Terms and Conditions' },
  { to: paths.privacy, label: 'Privacy policy' },
] as const

/** The server's own page (src/server/openapi), not one of the app's routes: a plain link loads it. */
const API_DOCS_PATH = '/api/docs'

const SOCIAL_ICONS: [RegExp, ComponentType<SVGProps<SVGSVGElement>>][] = [
  [/github/i, GithubIcon],
  [/linkedin/i, LinkedinIcon],
  [/^x$|twitter/i, XIcon],
  [/facebook/i, FacebookIcon],
  [/discord/i, DiscordIcon],
  [/youtube/i, YoutubeIcon],
  [/instagram/i, InstagramIcon],
]

function socialIcon(name: string) {
  return SOCIAL_ICONS.find(([pattern]) => pattern.test(name))?.[1] ?? GlobeIcon
}

export function Footer() {
  const { brandName, social } = usePublicConfig()
  const year = new Date().getFullYear()

  return (
    <footer className="surface-ink border-t border-white/10">
      <div className="page-container grid gap-10 py-14 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] md:gap-16">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-6 text-slate-400">
            Free frontend challenges built from real designs. Practise, ship a live site and climb the
            leaderboard.
          </p>
          {social.length > 0 ? (
            <ul className="mt-6 flex gap-2" aria-label="Social media">
              {social.map((network) => {
                const Icon = socialIcon(network.name)
                return (
                  <li key={network.url}>
                    <a
                      href={network.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${brandName} on ${network.name} (opens in a new tab)`}
                      className="inline-flex size-10 items-center justify-center rounded-full border border-white/10 text-slate-300 transition-colors hover:border-white/30 hover:bg-white/5 hover:text-white"
                    >
                      <Icon className="size-[18px]" />
                    </a>
                  </li>
                )
              })}
            </ul>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <h2 className="text-xs font-semibold tracking-[0.14em] text-slate-400 uppercase">Explore</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={scrollToTop}
                  className="inline-block rounded py-0.5 text-sm text-slate-300 transition-colors hover:text-white"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                href={API_DOCS_PATH}
                className="inline-block rounded py-0.5 text-sm text-slate-300 transition-colors hover:text-white"
              >
                API docs
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="page-container flex flex-wrap items-center justify-between gap-4 py-6">
          <p className="text-sm text-slate-400">
            © {year} {brandName}. All rights reserved.
          </p>
          <ThemeSwitcher />
        </div>
      </div>
    </footer>
  )
}
