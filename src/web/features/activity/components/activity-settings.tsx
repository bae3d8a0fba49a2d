import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { ActivitySettings } from '#shared/activity.ts'
import { WEEKLY_GOAL_MAX, WEEKLY_GOAL_MIN } from '#shared/activity-days.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { FieldLabel } from '#web/components/ui/field-label.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import {
  activityKeys,
  activitySettingsQuery,
  browserTimeZone,
  updateActivitySettings,
} from '#web/features/activity/api/activity.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

export const ACTIVITY_SETTINGS_TEXTS = {
  heading: 'Activity and goal',
  intro: 'How your active days and streaks are counted, your weekly goal, and who sees your activity.',
  timeZone: 'Time zone',
  timeZoneHint: 'Days and streaks are counted in this time zone.',
  browserZone: (zone: string) => `Your browser’s time zone (${zone})`,
  goal: 'Weekly goal',
  goalHint: 'Challenges to pass each week, Monday to Sunday. The dashboard shows your progress.',
  noGoal: 'No goal',
  goalOption: (n: number) => `${n} ${n === 1 ? 'challenge' : 'challenges'} a week`,
  hide: 'Hide my activity from my public profile',
  hideHint: 'You still see your own calendar and streak.',
  save: 'Save activity settings',
  saved: 'Your activity settings have been saved.',
  failed: 'Your activity settings could not be saved.',
} as const

/** Every zone the browser knows, with the one stored if the browser does not list it. */
function zoneNames(stored: string | null): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return stored && !names.includes(stored) ? [stored, ...names] : names
}

/** "Activity and goal" on /settings (docs/product.md §14). */
export function ActivitySettingsSection() {
  const settings = useQuery(activitySettingsQuery())
  return (
    <section
      aria-labelledby="settings-activity-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-8"
    >
      <h2 id="settings-activity-heading" className="text-lg font-semibold tracking-tight text-slate-900">
        {ACTIVITY_SETTINGS_TEXTS.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ACTIVITY_SETTINGS_TEXTS.intro}</p>
      {settings.data ? (
        <ActivityForm settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="mt-6 text-sm text-rose-800">
          Error: {settings.error.message}
        </p>
      ) : (
        <p role="status" className="mt-6 text-sm text-slate-600">
          Loading your activity settings...
        </p>
      )}
    </section>
  )
}

const selectClass =
  'mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 shadow-sm hover:border-slate-400'

function ActivityForm({ settings }: { settings: ActivitySettings }) {
  const queryClient = useQueryClient()
  const [timeZone, setTimeZone] = useState(settings.timeZone ?? '')
  const [goal, setGoal] = useState(settings.weeklyGoal === null ? '' : String(settings.weeklyGoal))
  const [hidden, setHidden] = useState(settings.activityHidden)
  const [error, setError] = useState<string | null>(null)
  const ids = {
    zone: useId(),
    zoneHint: useId(),
    goal: useId(),
    goalHint: useId(),
    hide: useId(),
    hideHint: useId(),
  }
  const browser = browserTimeZone() ?? 'UTC'

  const save = useMutation({
    mutationFn: () =>
      updateActivitySettings({
        timeZone: timeZone === '' ? null : timeZone,
        weeklyGoal: goal === '' ? null : Number(goal),
        activityHidden: hidden,
      }),
    onSuccess: (saved) => {
      setError(null)
      queryClient.setQueryData(activityKeys.settings, saved)
      queryClient.invalidateQueries({ queryKey: activityKeys.goal })
      queryClient.invalidateQueries({ queryKey: activityKeys.all })
      toast.success(ACTIVITY_SETTINGS_TEXTS.saved)
    },
    onError: (failure) => {
      console.warn('Saving the activity settings failed:', failure)
      setError(failure instanceof ApiError ? failure.message : ACTIVITY_SETTINGS_TEXTS.failed)
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 space-y-5" noValidate>
      <div>
        <FieldLabel
          htmlFor={ids.zone}
          hintId={ids.zoneHint}
          label={ACTIVITY_SETTINGS_TEXTS.timeZone}
          hint={ACTIVITY_SETTINGS_TEXTS.timeZoneHint}
        />
        <select
          id={ids.zone}
          aria-describedby={ids.zoneHint}
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
          className={selectClass}
        >
          <option value="">{ACTIVITY_SETTINGS_TEXTS.browserZone(browser)}</option>
          {zoneNames(settings.timeZone).map((name) => (
            <option key={name} value={name}>
              {name.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </div>
      <div>
        <FieldLabel
          htmlFor={ids.goal}
          hintId={ids.goalHint}
          label={ACTIVITY_SETTINGS_TEXTS.goal}
          hint={ACTIVITY_SETTINGS_TEXTS.goalHint}
        />
        <select
          id={ids.goal}
          aria-describedby={ids.goalHint}
          value={goal}
          onChange={(event) => setGoal(event.target.value)}
          className={selectClass}
        >
          <option value="">{ACTIVITY_SETTINGS_TEXTS.noGoal}</option>
          {Array.from({ length: WEEKLY_GOAL_MAX - WEEKLY_GOAL_MIN + 1 }, (_, i) => WEEKLY_GOAL_MIN + i).map(
            (n) => (
              <option key={n} value={String(n)}>
                {ACTIVITY_SETTINGS_TEXTS.goalOption(n)}
              </option>
            ),
          )}
        </select>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={ids.hide}
          type="checkbox"
          aria-describedby={ids.hideHint}
          checked={hidden}
          onChange={(event) => setHidden(event.target.checked)}
          className="mt-1 size-4 rounded border-slate-400 accent-accent-700"
        />
        <div>
          <label htmlFor={ids.hide} className="text-sm font-semibold text-slate-900">
            {ACTIVITY_SETTINGS_TEXTS.hide}
          </label>
          <p id={ids.hideHint} className="text-sm text-slate-600">
            {ACTIVITY_SETTINGS_TEXTS.hideHint}
          </p>
        </div>
      </div>
      {error ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800"
        >
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <button type="submit" disabled={save.isPending} className={buttonClasses('primary', 'md')}>
          {save.isPending ? <Spinner className="size-4" /> : null}
          {ACTIVITY_SETTINGS_TEXTS.save}
        </button>
      </div>
    </form>
  )
}
