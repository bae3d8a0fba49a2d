import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { Challenge } from '#shared/challenge.ts'
import type { Progress } from '#shared/user.ts'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { LockIcon, PackageIcon, RocketIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { useSignInHref } from '#web/features/auth/sign-in.ts'
import { useSession } from '#web/features/auth/use-session.ts'
import {
  downloadChallengeZip,
  progressKeys,
  progressQuery,
  startChallenge,
} from '#web/features/challenges/api/progress.ts'
import { failureDetail } from '#web/features/challenges/components/failure-detail.ts'
import { toast } from '#web/lib/toast.ts'

const START_FAILED = 'We could not start this challenge. Please try again.'
const DOWNLOAD_FAILED = 'The download failed. Please try again.'

/** In the reader's locale; built on first use, as no visitor's first render needs it (lib/format.ts). */
let dateFormat: Intl.DateTimeFormat | undefined

function formatDate(iso: string | null): string | null {
  if (!iso) return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
  return dateFormat.format(date)
}

/**
 * The Start button (docs/product.md §2 Challenge detail) for each session state. Signed out it is the link
 * "Login to start", a sign-in that comes back to this challenge. A member sees "Start" until they have a status, then "Download
 * Requirements"; either way a click records the start (kept if it exists) and downloads the zip.
 */
export function StartAction({ challenge }: { challenge: Challenge }) {
  const session = useSession()
  const signInHref = useSignInHref()

  if (session.status === 'loading') {
    return (
      <button type="button" disabled className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
        Loading...
      </button>
    )
  }

  if (session.status === 'signed-out') {
    return (
      <div className="mt-6">
        <a href={signInHref} className={buttonClasses('primary', 'lg', 'w-full')}>
          <LockIcon className="size-4" />
          Login to start
        </a>
        <p className="mt-3 text-center text-sm text-slate-600">
          Log in with GitHub to download the files and submit your solution.
        </p>
      </div>
    )
  }

  return <MemberStart challenge={challenge} />
}

type Phase = 'starting' | 'downloading'

function MemberStart({ challenge }: { challenge: Challenge }) {
  const queryClient = useQueryClient()
  const progress = useQuery(progressQuery(challenge.id))
  const phase = useRef<Phase>('starting')
  const [label, setLabel] = useState<Phase>('starting')

  const start = useMutation({
    mutationFn: async (current: Progress) => {
      if (!current.status) {
        phase.current = 'starting'
        setLabel('starting')
        queryClient.setQueryData(progressKeys.one(challenge.id), await startChallenge(challenge.id))
      }
      phase.current = 'downloading'
      setLabel('downloading')
      await downloadChallengeZip(challenge.id, challenge.title)
    },
    onError: (error) => {
      console.warn(`Start or download of "${challenge.title}" failed:`, error)
      const detail = failureDetail(error)
      if (detail === null) return
      toast.error(phase.current === 'starting' ? START_FAILED : DOWNLOAD_FAILED, { description: detail })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressKeys.one(challenge.id) }),
  })

  if (!progress.data) {
    if (progress.isError) {
      return (
        <div className="mt-6 rounded-xl bg-rose-50 p-4 text-sm text-rose-900 ring-1 ring-rose-200">
          <p role="alert">We could not load your progress on this challenge.</p>
          <button
            type="button"
            onClick={() => progress.refetch()}
            className="mt-2 font-semibold underline underline-offset-2 hover:no-underline"
          >
            Try again
          </button>
        </div>
      )
    }
    return (
      <div className="mt-6 space-y-3">
        <p role="status" className="sr-only">
          Loading your progress...
        </p>
        <Skeleton className="h-12 rounded-full" />
      </div>
    )
  }

  const { status } = progress.data
  const busy = start.isPending
  const since = formatDate(status === 'completed' ? progress.data.completedAt : progress.data.startedAt)

  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      {status ? (
        <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
          <StatusBadge status={status} />
          {since ? (
            <span className="text-sm text-slate-600">
              {status === 'completed' ? 'on' : 'since'} {since}
            </span>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => start.mutate(progress.data)}
        // Wraps instead of widening the card on the narrowest screens (320 px).
        className={buttonClasses(
          status ? 'secondary' : 'primary',
          'lg',
          'h-auto! min-h-12 w-full whitespace-normal! px-4! py-2 text-center',
        )}
      >
        {busy ? (
          <>
            <Spinner className="size-4" />
            {label === 'starting' ? 'Starting...' : 'Downloading...'}
          </>
        ) : status ? (
          <>
            <PackageIcon className="size-4" />
            Download Requirements
          </>
        ) : (
          <>
            <RocketIcon className="size-4" />
            Start
          </>
        )}
      </button>
      <p className="mt-3 text-center text-sm text-slate-600">
        {status
          ? `Downloads ${challenge.title}.zip again: designs, style guide and assets.`
          : 'Starts the challenge and downloads its designs, style guide and assets.'}
      </p>
      <PublicSite progress={progress.data} />
    </div>
  )
}

/**
 * What visitors see of the member's solution (docs/product.md §11): the address of its newest passed
 * review, whatever was submitted since; a later submit shows in the review panel until it passes.
 */
function PublicSite({ progress }: { progress: Progress }) {
  const site = progress.publicIteration
  if (!site) return null
  return (
    <p className="mt-3 text-center text-sm text-slate-600">
      {progress.hidden ? 'Hidden from visitors:' : 'Public:'}{' '}
      <a
        href={site.liveUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium break-all text-accent-700 underline underline-offset-2 hover:text-accent-900"
      >
        {site.liveUrl}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  )
}
