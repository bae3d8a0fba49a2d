import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { ArrowRightIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { weeklyGoalQuery } from '#web/features/activity/api/activity.ts'

/** "1 of 3 challenges passed this week.", or "Goal met: ..." once it is. */
export function goalLine(goal: number, passed: number): string {
  const challenges = (n: number) => `${n} ${n === 1 ? 'challenge' : 'challenges'}`
  if (passed >= goal) return `Goal met: ${challenges(passed)} passed this week.`
  return `${passed} of ${challenges(goal)} passed this week.`
}

/**
 * The weekly goal on the dashboard (docs/product.md §14): challenges passed this week,
 * Monday to Sunday in the member's time zone, against the goal they set in Settings.
 */
export function WeeklyGoal({ className = '' }: { className?: string }) {
  const goal = useQuery(weeklyGoalQuery())
  const data = goal.data
  return (
    <section
      aria-labelledby="weekly-goal-heading"
      data-testid="weekly-goal"
      className={`flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-card ${className}`}
    >
      <div>
        <h2 id="weekly-goal-heading" className="text-lg font-semibold tracking-tight text-slate-900">
          Weekly goal
        </h2>
        {data ? (
          data.goal === null ? (
            <p className="mt-1 text-sm text-slate-600">
              No goal set. Choose 1 to 7 challenges a week in Settings.
            </p>
          ) : (
            <>
              <p data-testid="weekly-goal-text" className="mt-1 text-sm text-slate-700">
                {goalLine(data.goal, data.passed)}
              </p>
              <ol aria-hidden="true" className="mt-3 flex gap-1.5">
                {Array.from({ length: data.goal }, (_, i) => (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: one mark per challenge of the goal.
                    key={i}
                    className={`h-2.5 w-8 rounded-full ${i < data.passed ? 'bg-accent-700' : 'bg-slate-200'}`}
                  />
                ))}
              </ol>
            </>
          )
        ) : goal.isError ? (
          <p role="alert" className="mt-1 text-sm text-rose-800">
            Error: {goal.error.message}
          </p>
        ) : (
          <Skeleton className="mt-2 h-4 w-64 max-w-full" />
        )}
      </div>
      <Link
        to={paths.settings}
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-800 underline-offset-4 hover:underline"
      >
        {data?.goal === null ? 'Set a weekly goal' : 'Change your goal'}
        <ArrowRightIcon className="size-4" />
      </Link>
    </section>
  )
}
