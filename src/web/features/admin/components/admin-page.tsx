import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type RefObject, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { AdminReport, FeedbackMember } from '#shared/feedback.ts'
import { MODERATION_NOTE_MAX_LENGTH, REPORT_REASON_LABELS } from '#shared/feedback-rule.ts'
import { paths } from '#shared/paths.ts'
import type { SessionUser } from '#shared/user.ts'
import { LoadError } from '#web/components/network-error.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { LockIcon } from '#web/components/ui/icons.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import {
  type AdminAction,
  adminKeys,
  adminReportsQuery,
  auditQuery,
  runAdminAction,
} from '#web/features/admin/api/admin.ts'
import { ACTION_LABELS, ADMIN_TEXTS, formatDateTimeUtc } from '#web/features/admin/texts.ts'
import { WRITE_UP_CLASSES } from '#web/features/solutions/write-up-styles.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast.ts'

const pageClasses = 'page-container max-w-5xl py-10 sm:py-14'
const h1Classes = 'text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl'
const h2Classes = 'text-2xl font-semibold tracking-tight text-slate-900'

function isNotAdmin(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403
}

/**
 * /admin, members only (docs/product.md §12): the open reports with what each points at and the actions
 * on it, then the moderation log. A member who is not an admin is told the page is not theirs; the
 * server refuses them too (403 NOT_AN_ADMIN).
 */
export function AdminPage({ user }: { user: SessionUser }) {
  if (!user.isAdmin) return <NotAnAdmin />
  return <AdminDashboard />
}

function NotAnAdmin() {
  return (
    <div className={pageClasses}>
      <PageTitle>{ADMIN_TEXTS.heading}</PageTitle>
      <h1 className={h1Classes}>{ADMIN_TEXTS.heading}</h1>
      <div className="mt-8 flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-card">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-800 ring-1 ring-amber-200">
          <LockIcon className="size-6" />
        </span>
        <p className="text-base text-slate-700">{ADMIN_TEXTS.notAdmin}</p>
      </div>
    </div>
  )
}

function AdminDashboard() {
  const reports = useQuery(adminReportsQuery())
  const audit = useQuery(auditQuery())
  const reportsHeadingRef = useRef<HTMLHeadingElement>(null)
  const logHeadingId = useId()

  // The session may still say admin after the server stopped agreeing: its answer wins.
  if (isNotAdmin(reports.error) || isNotAdmin(audit.error)) return <NotAnAdmin />

  return (
    <div className={pageClasses}>
      <PageTitle>{ADMIN_TEXTS.heading}</PageTitle>
      <h1 className={h1Classes}>{ADMIN_TEXTS.heading}</h1>

      <section aria-labelledby="admin-reports" className="mt-10">
        <h2 id="admin-reports" ref={reportsHeadingRef} tabIndex={-1} className={h2Classes}>
          {ADMIN_TEXTS.reports}
        </h2>
        <div className="mt-5">
          {reports.isPending ? (
            <Loading text={ADMIN_TEXTS.loadingReports} />
          ) : reports.isError ? (
            <LoadError
              error={reports.error}
              headingLevel={2}
              message={ADMIN_TEXTS.failed}
              onRetry={() => reports.refetch()}
            />
          ) : reports.data.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
              {ADMIN_TEXTS.noReports}
            </p>
          ) : (
            <ul className="space-y-6">
              {reports.data.map((report) => (
                <li key={report.id}>
                  <ReportCard report={report} reportsHeadingRef={reportsHeadingRef} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      {/* Not a landmark of its own: the scrolling table below is the log's region. */}
      <div className="mt-14">
        <h2 id={logHeadingId} className={h2Classes}>
          {ADMIN_TEXTS.log}
        </h2>
        <div className="mt-5">
          {audit.isPending ? (
            <Loading text={ADMIN_TEXTS.loadingLog} />
          ) : audit.isError ? (
            <LoadError
              error={audit.error}
              headingLevel={2}
              message={ADMIN_TEXTS.failed}
              onRetry={() => audit.refetch()}
            />
          ) : audit.data.length === 0 ? (
            <p className="text-base text-slate-700">{ADMIN_TEXTS.emptyLog}</p>
          ) : (
            // A phone scrolls the table sideways; the keyboard can too, as the region takes focus.
            <section
              aria-labelledby={logHeadingId}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
              className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-card"
            >
              <table className="admin-log w-full min-w-[40rem] text-left text-sm">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Admin</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 text-slate-800">
                  {audit.data.map((entry, index) => (
                    // The log has no ids; its order is fixed (newest first) and it is read whole.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <tr key={`${entry.createdAt}-${index}`}>
                      <td className="whitespace-nowrap">
                        <time dateTime={entry.createdAt}>{formatDateTimeUtc(new Date(entry.createdAt))}</time>
                      </td>
                      <td>{entry.admin}</td>
                      <td>{ACTION_LABELS[entry.action]}</td>
                      <td className="break-words">{entry.target ?? ADMIN_TEXTS.targetGone}</td>
                      <td className="break-words">{entry.note ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </div>
      </div>
    </div>
  )
}

function Loading({ text }: { text: string }) {
  return (
    <>
      <p role="status" className="mb-4 flex items-center gap-2 text-sm font-medium text-slate-600">
        <Spinner className="size-4" />
        {text}
      </p>
      <div aria-hidden="true" className="space-y-3">
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    </>
  )
}

function who(member: FeedbackMember): string {
  return member.name?.trim() ? `${member.name.trim()} (@${member.username})` : `@${member.username}`
}

/** What each action says once done. */
function doneText(action: AdminAction): string {
  switch (action.kind) {
    case 'comment':
      return action.act === 'hide' ? ADMIN_TEXTS.commentHidden : ADMIN_TEXTS.commentRestored
    case 'solution':
      return action.act === 'hide' ? ADMIN_TEXTS.solutionHidden : ADMIN_TEXTS.solutionRestored
    case 'member':
      return action.act === 'suspend'
        ? ADMIN_TEXTS.memberSuspended(action.username)
        : ADMIN_TEXTS.memberRestored(action.username)
    case 'report':
      return ADMIN_TEXTS.reportDismissed
  }
}

/** One open report: why, by whom, what it points at, and what the admin can do about it. */
function ReportCard({
  report,
  reportsHeadingRef,
}: {
  report: AdminReport
  reportsHeadingRef: RefObject<HTMLHeadingElement | null>
}) {
  const queryClient = useQueryClient()
  const [note, setNote] = useState('')
  const headingId = useId()
  const noteId = useId()
  const { target } = report
  const author = target.author
  const targetLink =
    target.type === 'comment'
      ? `${paths.solution(target.solutionId)}#comment-${target.id}`
      : paths.solution(target.id)

  const act = useMutation({
    mutationFn: (action: AdminAction) => runAdminAction(action, note),
    onSuccess: async (_, action) => {
      toast.success(doneText(action))
      setNote('')
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
      // A closed report leaves the list, and its buttons with it: focus goes to the list's heading.
      const open = queryClient.getQueryData<AdminReport[]>(adminKeys.reports)
      if (!open?.some((other) => other.id === report.id)) reportsHeadingRef.current?.focus()
    },
    onError: (error) => toast.error(error.message),
  })

  const actions: { action: AdminAction; label: string }[] = [
    target.type === 'comment'
      ? {
          action: { kind: 'comment', id: target.id, act: target.hidden ? 'restore' : 'hide' },
          label: target.hidden ? ADMIN_TEXTS.restoreComment : ADMIN_TEXTS.hideComment,
        }
      : {
          action: { kind: 'solution', id: target.id, act: target.hidden ? 'restore' : 'hide' },
          label: target.hidden ? ADMIN_TEXTS.restoreSolution : ADMIN_TEXTS.hideSolution,
        },
    ...(author
      ? [
          {
            action: {
              kind: 'member',
              username: author.username,
              act: target.authorSuspended ? 'restore' : 'suspend',
            } as const,
            label: target.authorSuspended
              ? ADMIN_TEXTS.restoreMember(author.username)
              : ADMIN_TEXTS.suspend(author.username),
          },
        ]
      : []),
    { action: { kind: 'report', id: report.id, act: 'dismiss' }, label: ADMIN_TEXTS.dismiss },
  ]

  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-report"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {target.type === 'comment' ? 'Comment' : 'Solution'} by{' '}
          {author ? who(author) : ADMIN_TEXTS.deletedAuthor}
        </h3>
        {target.hidden ? <Tag>{ADMIN_TEXTS.hiddenTag}</Tag> : null}
        {target.authorSuspended ? <Tag>{ADMIN_TEXTS.suspendedTag}</Tag> : null}
      </div>
      {target.type === 'solution' ? (
        <p className="mt-1 text-sm text-slate-700">{target.challengeTitle}</p>
      ) : null}

      <dl className="admin-report-facts mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt>{ADMIN_TEXTS.reason}</dt>
        <dd>{REPORT_REASON_LABELS[report.reason]}</dd>
        <dt>{ADMIN_TEXTS.details}</dt>
        <dd className="break-words">{report.details ?? ADMIN_TEXTS.noDetails}</dd>
        <dt>{ADMIN_TEXTS.reportedBy}</dt>
        <dd>{who(report.reporter)}</dd>
        <dt>{ADMIN_TEXTS.reported}</dt>
        <dd>
          <time dateTime={report.createdAt}>{formatDateTimeUtc(new Date(report.createdAt))}</time>
        </dd>
      </dl>

      {target.type === 'comment' && target.bodyHtml ? (
        <blockquote
          className={`mt-4 rounded-xl border-l-4 border-slate-300 bg-slate-50 px-4 py-3 ${WRITE_UP_CLASSES}`}
          // The server's sanitised HTML (docs/product.md §12): the write-up's renderer, no raw HTML.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
          dangerouslySetInnerHTML={{ __html: target.bodyHtml }}
        />
      ) : null}
      <p className="mt-3">
        <Link
          to={targetLink}
          aria-describedby={headingId}
          className="rounded-sm text-sm font-semibold text-accent-800 underline underline-offset-4"
        >
          {target.type === 'comment' ? ADMIN_TEXTS.openComment : ADMIN_TEXTS.openSolution}
        </Link>
      </p>

      <div className="mt-5 border-t border-slate-200 pt-5">
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
          {ADMIN_TEXTS.note}
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={MODERATION_NOTE_MAX_LENGTH}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
          className="mt-2 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm"
        />
        <div className="mt-4 flex flex-wrap gap-3">
          {actions.map(({ action, label }) => {
            const pending = act.isPending && act.variables?.kind === action.kind
            return (
              <button
                key={label}
                type="button"
                aria-describedby={headingId}
                aria-disabled={act.isPending}
                onClick={() => {
                  if (!act.isPending) act.mutate(action)
                }}
                className={buttonClasses(action.kind === 'report' ? 'secondary' : 'primary', 'sm')}
              >
                {pending ? <Spinner className="size-4" /> : null}
                {label}
              </button>
            )
          })}
        </div>
      </div>
    </article>
  )
}

function Tag({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
      {children}
    </span>
  )
}
