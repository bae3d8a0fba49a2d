import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { IllustratedPage } from '#web/features/static/illustrated-page.tsx'

export function Component() {
  return (
    <IllustratedPage
      title="Competitions"
      eyebrow="Competitions"
      heading="Coming Soon"
      illustration="/images/static/competitions.svg"
      actions={
        <Link to={paths.challenges} className={buttonClasses('primary', 'lg')}>
          Browse Challenges
        </Link>
      }
    >
      <p>
        Our next big competition is coming soon. Get ready to put your skills to the test against other
        developers, earn badges and climb the leaderboard.
      </p>
      <p>Until then, keep sharpening your skills with our challenges.</p>
    </IllustratedPage>
  )
}
