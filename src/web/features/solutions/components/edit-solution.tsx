import { useId } from 'react'
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form'
import { parseRepositoryUrl } from '#shared/live-url-rule.ts'
import type { Solution, SolutionUpdate } from '#shared/solution.ts'
import { parseWriteUp } from '#shared/write-up-rule.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { useSaveSolution } from '#web/features/solutions/api/use-save-solution.ts'
import { WriteUpField } from '#web/features/solutions/components/write-up-field.tsx'
import { SOLUTION_TEXTS } from '#web/features/solutions/solution-texts.ts'

/**
 * The owner's form on their solution's page, with react-hook-form: a chunk of its own that the page loads
 * only for the solution's owner, so a visitor's first load carries no form code.
 */

type EditValues = { writeUp: string; repositoryUrl: string; hidden: boolean }

const editResolver: Resolver<EditValues, unknown, SolutionUpdate> = async (values) => {
  const errors: FieldErrors<EditValues> = {}
  const writeUp = parseWriteUp(values.writeUp ?? '')
  const typedRepository = (values.repositoryUrl ?? '').trim()
  const repository = typedRepository === '' ? null : parseRepositoryUrl(typedRepository)
  if (writeUp.error !== undefined) errors.writeUp = { type: 'custom', message: writeUp.error }
  if (repository?.error !== undefined) errors.repositoryUrl = { type: 'custom', message: repository.error }
  if (writeUp.error !== undefined || repository?.error !== undefined)
    return { values: {} as Record<string, never>, errors }
  return {
    values: { writeUp: writeUp.writeUp, repositoryUrl: repository?.url ?? null, hidden: values.hidden },
    errors: {},
  }
}

/** The member's own controls (docs/product.md §11): write-up, repository URL, hide from the galleries. */
export function EditSolution({ solution }: { solution: Solution }) {
  const headingId = useId()
  const repositoryId = useId()
  const repositoryErrorId = useId()
  const hiddenId = useId()
  const { save, failure } = useSaveSolution(solution.id, {
    saved: SOLUTION_TEXTS.saved,
    failed: SOLUTION_TEXTS.saveFailed,
  })
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<EditValues, unknown, SolutionUpdate>({
    resolver: editResolver,
    defaultValues: {
      writeUp: solution.writeUp ?? '',
      repositoryUrl: solution.repositoryUrl ?? '',
      hidden: solution.hidden,
    },
    reValidateMode: 'onSubmit',
  })
  const writeUp = useWatch({ control, name: 'writeUp' })
  const onSubmit = handleSubmit(async (update) => {
    await save(update)
  })
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
    >
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-slate-900">
        Edit your solution
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4">
        <WriteUpField
          field={register('writeUp', { onChange: () => clearErrors('writeUp') })}
          value={writeUp ?? ''}
          error={errors.writeUp?.message}
        />
        <label htmlFor={repositoryId} className="mt-5 block text-sm font-semibold text-slate-900">
          Repository URL (optional)
        </label>
        <input
          {...register('repositoryUrl', { onChange: () => clearErrors('repositoryUrl') })}
          id={repositoryId}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.repositoryUrl ? true : undefined}
          aria-describedby={errors.repositoryUrl ? repositoryErrorId : undefined}
          className="mt-2 block h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 shadow-sm"
        />
        {errors.repositoryUrl ? (
          <p id={repositoryErrorId} role="alert" className="mt-2 text-sm font-medium text-rose-700">
            {errors.repositoryUrl.message}
          </p>
        ) : null}
        <div className="mt-5 flex items-center gap-2">
          <input {...register('hidden')} id={hiddenId} type="checkbox" className="size-4" />
          <label htmlFor={hiddenId} className="text-sm font-semibold text-slate-900">
            Hide this solution from the galleries (only you will see it; its points stay)
          </label>
        </div>
        {failure ? (
          <p role="alert" className="mt-4 text-sm font-medium text-rose-700">
            {failure}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
          className={buttonClasses('primary', 'lg', 'mt-5')}
        >
          {isSubmitting ? 'Saving...' : 'Save'}
        </button>
      </form>
    </section>
  )
}
