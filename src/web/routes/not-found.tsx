import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { IllustratedPage } from '#web/features/static/illustrated-page.tsx'
import { NoIndex } from '#web/lib/head.tsx'
import { notFound, serverLoader } from '#web/lib/route-data.ts'

/**
 * The 404 page of docs/product.md §2, also rendered by routes whose parameter names nothing (an unknown
 * category or challenge). The server answers such addresses, and any the route table does not know, with
 * this page and a 404 status; after a navigation in the browser there is no status to send, so it also asks
 * search engines not to index it. `browse` adds a way onward beside Home (an unknown challenge: Browse
 * challenges).
 */
export function NotFoundPage({ browse }: { browse?: { to: string; label: string } }) {
  return (
    <IllustratedPage
      title="404 - Not Found"
      heading="404 - Not Found"
      illustration="/images/static/not-found.svg"
      actions={
        <>
          {browse ? (
            <Link to={browse.to} className={buttonClasses('primary', 'lg')}>
              {browse.label}
            </Link>
          ) : null}
          <Link to={paths.home} className={buttonClasses(browse ? 'secondary' : 'primary', 'lg')}>
            Go to Home
          </Link>
        </>
      }
    >
      <NoIndex />
      <p>Oops! The page you're looking for doesn't exist.</p>
    </IllustratedPage>
  )
}

export function Component() {
  return <NotFoundPage />
}

/** A path the route table does not know: the 404 page, answered 404 (docs/product.md §2). */
export const loader = serverLoader(() => notFound())
