import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { categoryHeading } from '#shared/categories.ts'
import { LEVEL_TEXT, progressText } from '#shared/learning-path-rule.ts'
import { paths } from '#shared/paths.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { useSession } from '#web/features/auth/use-session.ts'
import { myPathsQuery, pathsQuery } from '#web/features/learning-paths/api/learning-paths.ts'
import { brandName, page, serverLoader } from '#web/lib/route-data.ts'

export { RouteError as ErrorBoundary } from '#web/components/route-error.tsx'

/** /paths (docs/product.md §15): every path, and a member's progress on each. */
export function Component() {
  const list = useQuery(pathsQuery())
  const session = useSession()
  const mine = useQuery({ ...myPathsQuery(), enabled: session.status === 'signed-in' })
  const progressOf = (slug: string) => mine.data?.find((p) => p.slug === slug)
  return (
    <div className="page-container max-w-5xl py-10 sm:py-14">
      <PageTitle>Learning paths</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Learning paths</h1>
      <p className="mt-3 max-w-2xl text-base leading-7 text-slate-700">
        Challenges in an order that builds one skill step by step, each step with what it teaches. Pass every
        step of a path to earn its badge.
      </p>
      {list.isPending ? (
        <p role="status" className="mt-10 text-base text-slate-700">
          Loading the paths...
        </p>
      ) : list.isError ? (
        <p role="alert" className="mt-10 text-base text-rose-800">
          Error: {list.error.message}
        </p>
      ) : (
        <ul className="mt-10 grid gap-4 md:grid-cols-2">
          {list.data.map((path) => {
            const progress = progressOf(path.slug)
            return (
              <li
                key={path.slug}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
              >
                <p className="text-xs font-semibold tracking-[0.12em] text-accent-800 uppercase">
                  {LEVEL_TEXT[path.level]} · {path.stepCount} steps
                </p>
                <h2 className="mt-2 text-xl font-semibold tracking-tight text-slate-900">
                  <Link
                    to={paths.learningPath(path.slug)}
                    className="rounded-sm underline-offset-4 hover:text-accent-800 hover:underline"
                  >
                    {path.title}
                  </Link>
                </h2>
                <p className="mt-2 text-sm leading-6 text-slate-700">{path.summary}</p>
                <p className="mt-3 text-sm text-slate-600">
                  {path.categories.map((category) => categoryHeading(category)).join(', ')}
                </p>
                {progress && (progress.startedAt || progress.passed > 0) ? (
                  <p className="mt-3 text-sm font-semibold text-slate-900">
                    {progressText(progress.passed, progress.total)} passed
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

export const loader = serverLoader(async (_args, queryClient) => {
  await queryClient.ensureQueryData(pathsQuery())
  return page({
    description: `Learning paths on ${await brandName(queryClient)}: challenges in order, from your first landing page to accessible components.`,
  })
})
