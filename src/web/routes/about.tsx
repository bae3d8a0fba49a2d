import { Link } from 'react-router'
import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { usePublicConfig } from '#web/lib/public-config.ts'

/**
 * /about (docs/product.md §2 Static pages): what the platform is, who it is for, and how reviews and points
 * work, as docs/product.md §1, §4 and §10 state them.
 */
export function Component() {
  const { brandName } = usePublicConfig()
  const sections = [
    {
      id: 'what',
      heading: `What ${brandName} is`,
      paragraphs: [
        `${brandName} is a free platform to practise frontend development on real designs. Each challenge is a navbar, footer, hero, features section or landing page, with designs for desktop, tablet and mobile, a style guide, the images and fonts it needs, and a brief.`,
        'You build the page in HTML, CSS and JavaScript, publish it on any static host (GitHub Pages, Netlify, Vercel or a domain of your own) and submit its live address.',
      ],
    },
    {
      id: 'who',
      heading: 'Who it is for',
      paragraphs: [
        'People learning frontend development who want practice beyond tutorials, and developers who want a portfolio of finished, live pages. Anyone can browse the challenges, solutions and profiles; you log in with GitHub to start a challenge and submit your work.',
      ],
    },
    {
      id: 'reviews',
      heading: 'How reviews work',
      paragraphs: [
        'Every submission is reviewed automatically. We open your live site in a browser at desktop, tablet and mobile widths, compare each capture with the design and score how closely it matches, and add a quality report.',
        'A review passes when every width loads, the page is not blank and the site is your own: your GitHub Pages site, or a site that carries your verification tag from Settings.',
      ],
    },
    {
      id: 'points',
      heading: 'How points work',
      paragraphs: [
        `Points come only from passed reviews. A challenge is completed on its first passed review, which earns ${POINTS_PER_CHALLENGE} points, once per challenge; submitting alone earns nothing, and a failed review changes nothing.`,
        'Your points place you on the leaderboard. Weekly competitions award badges, not points.',
      ],
    },
  ]

  return (
    <div className="page-container max-w-3xl py-12 sm:py-20">
      <PageTitle>About</PageTitle>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">About</h1>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`about-${section.id}`} className="mt-10">
          <h2 id={`about-${section.id}`} className="text-2xl font-semibold tracking-tight text-slate-900">
            {section.heading}
          </h2>
          {section.paragraphs.map((text) => (
            <p key={text} className="mt-4 text-base leading-7 text-slate-700">
              {text}
            </p>
          ))}
        </section>
      ))}
      <div className="mt-12 flex flex-wrap gap-3">
        <Link to={paths.challenges} className={buttonClasses('primary', 'md')}>
          Browse challenges
        </Link>
        <Link to={paths.badges} className={buttonClasses('secondary', 'md')}>
          See the badges
        </Link>
      </div>
    </div>
  )
}
