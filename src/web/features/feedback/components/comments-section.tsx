import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { type ComponentProps, lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { Comment, CommentsResponse, Reply } from '#shared/feedback.ts'
import {
  COMMENT_KIND_LABELS,
  COMMENTING_SUSPENDED,
  DELETED_COMMENT_LABEL,
  EDITED_LABEL,
  SIGN_IN_TO_COMMENT,
} from '#shared/feedback-rule.ts'
import { paths } from '#shared/paths.ts'
import type { Solution } from '#shared/solution.ts'
import { LoadMore } from '#web/components/load-more.tsx'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { buttonClasses } from '#web/components/ui/button-styles.ts'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useSession } from '#web/features/auth/use-session.ts'
import {
  commentsQuery,
  createComment,
  deleteComment,
  feedbackKeys,
  setHelpful,
  updateComment,
} from '#web/features/feedback/api/feedback.ts'
import type { CommentDraft } from '#web/features/feedback/components/comment-form.tsx'
import { Modal } from '#web/features/feedback/components/modal.tsx'
import { ReportDialog } from '#web/features/feedback/components/report-dialog.tsx'
import { signInReturningTo } from '#web/features/feedback/sign-in-link.ts'
import { WRITE_UP_CLASSES } from '#web/features/solutions/write-up-styles.ts'
import { formatLongDateUtc } from '#web/lib/format.ts'
import { toast } from '#web/lib/toast.ts'

/** The comment form (react-hook-form with it) loads with the first form a member is shown, not for visitors. */
const LazyCommentForm = lazy(async () => ({
  default: (await import('#web/features/feedback/components/comment-form.tsx')).CommentForm,
}))

function CommentForm(props: ComponentProps<typeof LazyCommentForm>) {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyCommentForm {...props} />
    </Suspense>
  )
}

/** docs/product.md §12 "On the solution page", word for word. */
export const COMMENT_TEXTS = {
  hiddenComment: 'Hidden by an admin: only you and the admins can see it.',
  deleted: 'Your comment was deleted.',
  helpful: 'Helpful',
  loadFailed: 'We could not load the comments. Please try again.',
  none: 'No comments yet.',
  confirmDelete: 'Delete this comment?',
  confirmDeleteText: 'Its replies stay, under “deleted comment”.',
  loadMore: 'Show more comments',
  loadingMore: 'Loading comments...',
  loadMoreFailed: 'We could not load more comments. Please try again.',
} as const

/**
 * Pages of threads a link to a comment (`#comment-<id>`, from a notification) follows before giving up:
 * 40 pages of 25 threads.
 */
const FOLLOW_PAGES_MAX = 40

type Thread = Comment | Reply
type Viewer = CommentsResponse['viewer']

const commentAnchor = (id: string) => `comment-${id}`
const ANCHOR_PREFIX = '#comment-'

/** Whether the threads loaded so far hold the comment or reply `id`. */
const holds = (threads: readonly Comment[], id: string) =>
  threads.some((thread) => thread.id === id || thread.replies.some((reply) => reply.id === id))

/**
 * Focuses a comment once the list shows it, so a screen reader reads it out: the refreshed list renders
 * a moment after its data arrives, so this looks for it on each frame for up to a second or so.
 */
function focusComment(id: string) {
  let frames = 0
  const attempt = () => {
    const comment = document.getElementById(commentAnchor(id))
    if (comment) comment.focus()
    else if (frames++ < 90) requestAnimationFrame(attempt)
  }
  requestAnimationFrame(attempt)
}

/**
 * The solution's comments (docs/product.md §12): threads oldest first with their replies one level
 * under them, a form for members who may comment, and for visitors the sign-in that comes back here.
 */
export function CommentsSection({ solution }: { solution: Solution }) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const comments = useInfiniteQuery(commentsQuery(solution.id))
  const queryClient = useQueryClient()
  const first = comments.data?.pages[0]
  const count = first?.count ?? solution.commentCount
  const viewer = first?.viewer
  const threads = comments.data?.pages.flatMap((page) => page.comments)

  /** Reads the comments again (and the solution's counts); resolves once the list is fresh. */
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: feedbackKeys.comments(solution.id) })
  }

  /** After a new thread: the pages up to the last, where it is (threads come oldest first). */
  const refreshToEnd = async () => {
    await refresh()
    let result = await comments.fetchNextPage()
    for (let pages = 1; result.hasNextPage && pages < FOLLOW_PAGES_MAX; pages += 1)
      result = await result.fetchNextPage()
  }

  // A link to a comment (a notification's) on a later page: load pages until it shows, then go to it.
  const { hash } = useLocation()
  const target = hash.startsWith(ANCHOR_PREFIX) ? decodeURIComponent(hash.slice(ANCHOR_PREFIX.length)) : null
  const loaded = threads !== undefined
  const shown = Boolean(target && threads && holds(threads, target))
  const pagesLoaded = comments.data?.pages.length ?? 0
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments
  /** The comment last gone to: going there once, not again with every page loaded after it. */
  const wentTo = useRef<string | null>(null)
  useEffect(() => {
    if (!target || !loaded || wentTo.current === target) return
    if (shown) {
      wentTo.current = target
      const element = document.getElementById(commentAnchor(target))
      element?.scrollIntoView({ block: 'start' })
      element?.focus({ preventScroll: true })
    } else if (hasNextPage && !isFetchingNextPage && pagesLoaded < FOLLOW_PAGES_MAX) void fetchNextPage()
  }, [target, loaded, shown, pagesLoaded, hasNextPage, isFetchingNextPage, fetchNextPage])

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-card"
    >
      <h2
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight text-slate-900"
      >
        Comments ({count})
      </h2>
      {threads && viewer ? (
        threads.length === 0 && !comments.hasNextPage ? (
          <p className="mt-4 text-base text-slate-600">{COMMENT_TEXTS.none}</p>
        ) : (
          <ol className="mt-4 divide-y divide-slate-200">
            {threads.map((comment) => (
              <li key={comment.id} className="py-5 first:pt-0">
                <CommentItem
                  comment={comment}
                  solutionId={solution.id}
                  viewer={viewer}
                  refresh={refresh}
                  onDeleted={() => headingRef.current?.focus()}
                />
                {comment.replies.length > 0 ? (
                  <ol
                    aria-label="Replies"
                    className="mt-4 ml-4 space-y-4 border-l-2 border-slate-200 pl-4 sm:ml-8 sm:pl-6"
                  >
                    {comment.replies.map((reply) => (
                      <li key={reply.id}>
                        <CommentItem
                          comment={reply}
                          solutionId={solution.id}
                          viewer={viewer}
                          refresh={refresh}
                          onDeleted={() => focusComment(comment.id)}
                        />
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
        )
      ) : comments.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm font-medium text-rose-700">
            {COMMENT_TEXTS.loadFailed}
          </p>
          <button
            type="button"
            className={buttonClasses('secondary', 'sm')}
            onClick={() => comments.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" />
          Loading comments...
        </p>
      )}
      {threads && comments.hasNextPage ? (
        <LoadMore query={comments} texts={COMMENT_TEXTS} className="mt-6" />
      ) : null}

      {viewer ? <CommentFooter solution={solution} viewer={viewer} refresh={refreshToEnd} /> : null}
    </section>
  )
}

/** Under the comments: the new comment's form, the suspension notice, or the visitor's sign-in. */
function CommentFooter({
  solution,
  viewer,
  refresh,
}: {
  solution: Solution
  viewer: Viewer
  refresh: () => Promise<void>
}) {
  const headingId = useId()
  if (!viewer.signedIn) {
    return (
      <p className="mt-6 border-t border-slate-200 pt-5">
        <a
          href={signInReturningTo(solution.id)}
          className="font-semibold text-accent-800 underline underline-offset-4"
        >
          {SIGN_IN_TO_COMMENT}
        </a>
      </p>
    )
  }
  if (viewer.canComment) {
    return (
      <div className="mt-6 border-t border-slate-200 pt-5">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Add a comment
        </h3>
        <div className="mt-3">
          <CommentForm
            label="New comment"
            textLabel="Your comment"
            submitLabel="Send"
            onSubmit={async (draft) => {
              const created = await createComment(solution.id, draft)
              await refresh()
              focusComment(created.id)
            }}
          />
        </div>
      </div>
    )
  }
  if (solution.listed) {
    return (
      <p className="mt-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
        {COMMENTING_SUSPENDED}
      </p>
    )
  }
  return null
}

/** One comment or reply with its controls, each shown only to whom may use it. */
function CommentItem({
  comment,
  solutionId,
  viewer,
  refresh,
  onDeleted,
}: {
  comment: Thread
  solutionId: string
  viewer: Viewer
  refresh: () => Promise<void>
  onDeleted: () => void
}) {
  const session = useSession()
  const me = session.status === 'signed-in' ? session.user.username : null
  const own = !comment.deleted && comment.author !== null && comment.author.username === me
  const isThread = comment.parentId === null
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view')
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null)
  const [busy, setBusy] = useState(false)
  const replyButton = useRef<HTMLButtonElement>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const nameId = useId()
  const confirmId = useId()
  const confirmTextId = useId()
  const author = comment.author
  const name = author ? author.name?.trim() || author.username : DELETED_COMMENT_LABEL

  const closeReply = () => {
    setMode('view')
    requestAnimationFrame(() => replyButton.current?.focus())
  }
  const closeEdit = () => {
    setMode('view')
    requestAnimationFrame(() => editButton.current?.focus())
  }
  const toggleHelpful = async () => {
    if (busy) return
    setBusy(true)
    try {
      await setHelpful(comment.id, !comment.helpful)
      await refresh()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    if (busy) return
    setBusy(true)
    try {
      await deleteComment(comment.id)
      toast.success(COMMENT_TEXTS.deleted)
      setDialog(null)
      await refresh()
      onDeleted()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <article
      id={commentAnchor(comment.id)}
      tabIndex={-1}
      aria-labelledby={nameId}
      className="comment scroll-mt-24 rounded-lg"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        {author ? (
          <Link
            to={paths.profile(author.username)}
            className="inline-flex items-center gap-2 rounded-sm font-semibold text-slate-900 underline-offset-4 hover:underline"
          >
            <Avatar src={author.avatarUrl} name={name} className="size-8 text-xs" />
            <span id={nameId}>{name}</span>
          </Link>
        ) : (
          <span id={nameId} className="font-semibold text-slate-600 italic">
            {DELETED_COMMENT_LABEL}
          </span>
        )}
        {comment.deleted ? null : (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {COMMENT_KIND_LABELS[comment.kind]}
          </span>
        )}
        {comment.helpful && !comment.deleted ? (
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/25">
            {COMMENT_TEXTS.helpful}
          </span>
        ) : null}
        <span className="text-sm text-slate-600">
          <time dateTime={comment.createdAt}>{formatLongDateUtc(new Date(comment.createdAt))}</time>
          {comment.editedAt && !comment.deleted ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              {EDITED_LABEL}
            </>
          ) : null}
        </span>
      </header>
      {comment.hidden ? (
        <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {COMMENT_TEXTS.hiddenComment}
        </p>
      ) : null}

      {mode === 'edit' ? (
        <div className="mt-3">
          <CommentForm
            label="Edit your comment"
            textLabel="Your comment"
            submitLabel="Save"
            autoFocus
            initial={{ kind: comment.kind, body: comment.body ?? '' }}
            onCancel={closeEdit}
            onSubmit={async (draft: CommentDraft) => {
              await updateComment(comment.id, draft)
              await refresh()
              setMode('view')
              focusComment(comment.id)
            }}
          />
        </div>
      ) : comment.deleted ? (
        <p className="mt-2 text-base text-slate-600 italic">{DELETED_COMMENT_LABEL}</p>
      ) : (
        <div
          className={`mt-2 ${WRITE_UP_CLASSES}`}
          // Rendered and sanitised on the server, as the write-up is (docs/product.md §12).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised comment
          dangerouslySetInnerHTML={{ __html: comment.bodyHtml }}
        />
      )}

      {mode !== 'edit' && !comment.deleted ? (
        <div className="mt-2 flex flex-wrap gap-x-1 gap-y-1">
          {isThread && viewer.canComment && !comment.hidden ? (
            <button
              ref={replyButton}
              type="button"
              aria-expanded={mode === 'reply'}
              onClick={() => (mode === 'reply' ? closeReply() : setMode('reply'))}
              className="comment-action"
            >
              Reply<span className="sr-only"> to {name}</span>
            </button>
          ) : null}
          {own && viewer.canComment ? (
            <button ref={editButton} type="button" onClick={() => setMode('edit')} className="comment-action">
              Edit<span className="sr-only"> your comment</span>
            </button>
          ) : null}
          {own ? (
            <button type="button" onClick={() => setDialog('delete')} className="comment-action">
              Delete<span className="sr-only"> your comment</span>
            </button>
          ) : null}
          {viewer.isSolutionAuthor && !own && author ? (
            <button
              type="button"
              aria-pressed={comment.helpful}
              aria-disabled={busy || undefined}
              onClick={toggleHelpful}
              className="comment-action"
            >
              {comment.helpful ? 'Unmark helpful' : 'Mark helpful'}
            </button>
          ) : null}
          {viewer.signedIn && !own && author ? (
            <button type="button" onClick={() => setDialog('report')} className="comment-action">
              Report<span className="sr-only"> {name}'s comment</span>
            </button>
          ) : null}
        </div>
      ) : null}

      {mode === 'reply' ? (
        <div className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <CommentForm
            label={`Reply to ${name}`}
            textLabel="Your reply"
            submitLabel="Send"
            autoFocus
            onCancel={closeReply}
            onSubmit={async (draft) => {
              const created = await createComment(solutionId, { ...draft, parentId: comment.id })
              await refresh()
              setMode('view')
              focusComment(created.id)
            }}
          />
        </div>
      ) : null}

      {dialog === 'report' ? (
        <ReportDialog target={{ type: 'comment', id: comment.id }} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? (
        <Modal labelledBy={confirmId} describedBy={confirmTextId} onClose={() => setDialog(null)}>
          {(close) => (
            <>
              <h2 id={confirmId} className="text-xl font-semibold tracking-tight text-slate-900">
                {COMMENT_TEXTS.confirmDelete}
              </h2>
              <p id={confirmTextId} className="mt-2 text-base text-slate-700">
                {COMMENT_TEXTS.confirmDeleteText}
              </p>
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                <button type="button" className={buttonClasses('secondary')} onClick={close}>
                  Cancel
                </button>
                <button
                  type="button"
                  className="comment-danger-button"
                  aria-disabled={busy || undefined}
                  onClick={remove}
                >
                  {busy ? 'Deleting...' : 'Delete'}
                </button>
              </div>
            </>
          )}
        </Modal>
      ) : null}
    </article>
  )
}
