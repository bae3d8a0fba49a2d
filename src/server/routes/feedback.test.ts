import { and, eq, sql } from 'drizzle-orm'
import { Parser } from 'htmlparser2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCatalogue } from '#server/content/import.ts'
import { comments, notifications, userChallenges, users } from '#server/db/schema.ts'
import type { Challenge } from '#shared/challenge.ts'
import {
  COMMENT_EMPTY,
  COMMENT_THREADS_PAGE,
  COMMENTING_SUSPENDED,
  COMMENTS_NEED_LISTED_SOLUTION,
  type CommentsResponse,
  commentResponse,
  commentsResponse,
  likeResponse,
  MODERATOR_HIDDEN_SOLUTION,
  NO_SUCH_COMMENT,
  NOT_YOUR_COMMENT,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsResponse,
  ONLY_AUTHOR_MARKS_HELPFUL,
  OWN_COMMENT_HELPFUL,
  OWN_SOLUTION_LIKE,
  REPLY_TO_REPLY,
  rateLimitedMessage,
  unreadCountResponse,
} from '#shared/feedback.ts'
import { galleryResponse, solutionResponse } from '#shared/solution.ts'
import { createTestApp } from '#tests/support/app.ts'
import { browser, signedInBrowser, type TestBrowser } from '#tests/support/auth.ts'
import { temporaryDir, writeChallengeFolder } from '#tests/support/content-fixtures.ts'
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '#tests/support/databases.ts'
import { INVISIBLE_TEXTS } from '#tests/support/invisible-text.ts'
import { XSS_CORPUS } from '#tests/support/xss-corpus.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/**
 * Comments, helpful marks, likes and notifications through the API (docs/product.md §12). A member's own
 * `<login>.github.io` site passes its review when `t.runReviews()` runs it; anyone else's fails.
 */
describe.each(TEST_DATABASES)('feedback through the API on %s', (kind) => {
  let database: TestDatabase
  let t: TestApp
  let navbar: Challenge

  const member = (login: string) => signedInBrowser(t.app, login)
  const visitor = () => browser(t.app)
  const own = (login: string, path = 'site') => `https://${login}.github.io/${path}`
  /** The member's solution of the navbar challenge, submitted with this site; its public id. */
  const submitted = async (b: TestBrowser, login: string, liveUrl: string) => {
    await b.send('POST', `/api/me/challenges/${navbar.id}/start`)
    expect((await b.send('POST', `/api/me/challenges/${navbar.id}/submit`, { liveUrl })).status).toBe(200)
    await t.runReviews()
    const [row] = await database.db
      .select({ publicId: userChallenges.publicId })
      .from(userChallenges)
      .innerJoin(users, eq(users.id, userChallenges.userId))
      .where(and(eq(users.username, login), eq(userChallenges.challengeId, navbar.id)))
    if (!row) throw new Error(`${login} has no solution`)
    return row.publicId
  }
  /** A signed-in member with a listed solution. */
  const author = async (login: string) => {
    const b = await member(login)
    return { b, id: await submitted(b, login, own(login)) }
  }
  const post = (b: TestBrowser, id: string, body: Record<string, unknown>) =>
    b.send('POST', `/api/solutions/${id}/comments`, body)
  const comment = async (b: TestBrowser, id: string, body: Record<string, unknown>) => {
    const response = await post(b, id, body)
    expect(response.status, await response.clone().text()).toBe(201)
    return commentResponse.parse(await response.json()).comment
  }
  const threads = async (b: TestBrowser, id: string): Promise<CommentsResponse> => {
    const response = await b.get(`/api/solutions/${id}/comments`)
    expect(response.status).toBe(200)
    return commentsResponse.parse(await response.json())
  }
  const messageOf = async (response: Response) =>
    ((await response.json()) as { error: { message: string } }).error.message
  const userId = async (login: string) => {
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, login))
    return row?.id as string
  }
  const notificationsOf = async (login: string) =>
    database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, await userId(login)))
  const commentCount = async (id: string) => {
    const [row] = await database.db
      .select({ count: userChallenges.commentCount, likes: userChallenges.likeCount })
      .from(userChallenges)
      .where(eq(userChallenges.publicId, id))
    return row
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const contentDir = await temporaryDir()
    await writeChallengeFolder(contentDir, { title: 'Talk Navbar', category: 'navbar', date: '2026-10-01' })
    t = await createTestApp(database, { ADMIN_GITHUB_LOGINS: 'root' })
    await importCatalogue({ db: database.db, storage: t.storage, contentDir })
    const list = (await (await t.app.request('/api/challenges')).json()).challenges as Challenge[]
    navbar = list.find((c) => c.slug === 'Talk-Navbar') as Challenge
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('lets members comment and reply one level deep, and refuses everyone else', async () => {
    const { b: ada, id } = await author('ada')
    const bob = await member('bob')
    const cleo = await member('cleo')

    // A visitor may read but not write; a POST without Origin is refused before anything else.
    expect((await post(visitor(), id, { kind: 'question', body: 'Hi' })).status).toBe(401)
    const noOrigin = await bob.request(`/api/solutions/${id}/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'question', body: 'Hi' }),
    })
    expect(noOrigin.status).toBe(403)
    expect((await threads(visitor(), id)).comments).toEqual([])

    const first = await comment(bob, id, { kind: 'question', body: 'Why **flex**?' })
    expect(first).toMatchObject({
      kind: 'question',
      author: { username: 'bob' },
      body: 'Why **flex**?',
      bodyHtml: '<p>Why <strong>flex</strong>?</p>\n',
      deleted: false,
      hidden: false,
      helpful: false,
      parentId: null,
      editedAt: null,
    })
    const reply = await comment(cleo, id, { kind: 'praise', body: 'Good question.', parentId: first.id })
    expect(reply.parentId).toBe(first.id)

    // Replies go one level deep; a parent must be a visible comment of this solution.
    const deeper = await post(cleo, id, { kind: 'praise', body: 'Deeper', parentId: reply.id })
    expect(deeper.status).toBe(400)
    expect(await messageOf(deeper)).toBe(REPLY_TO_REPLY)
    const unknown = await post(cleo, id, {
      kind: 'praise',
      body: 'Nowhere',
      parentId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.status).toBe(404)
    expect(await messageOf(unknown)).toBe(NO_SUCH_COMMENT)
    const bad = await post(cleo, id, { kind: 'rant', body: 'x' })
    expect(bad.status).toBe(400)
    expect((await post(cleo, id, { kind: 'praise', body: '   ' })).status).toBe(400)

    const forVisitor = await threads(visitor(), id)
    expect(forVisitor.count).toBe(2)
    expect(forVisitor.viewer).toEqual({
      signedIn: false,
      canComment: false,
      isSolutionAuthor: false,
      isAdmin: false,
    })
    expect(forVisitor.comments).toHaveLength(1)
    expect(forVisitor.comments[0]?.body).toBeNull()
    expect(forVisitor.comments[0]?.replies.map((r) => r.id)).toEqual([reply.id])
    expect((await threads(bob, id)).comments[0]?.body).toBe('Why **flex**?')
    expect((await threads(ada, id)).viewer).toMatchObject({ canComment: true, isSolutionAuthor: true })

    // Only its author edits or deletes it.
    const notYours = await cleo.send('PATCH', `/api/comments/${first.id}`, { body: 'Mine now' })
    expect(notYours.status).toBe(403)
    expect(await messageOf(notYours)).toBe(NOT_YOUR_COMMENT)
    expect((await visitor().send('PATCH', `/api/comments/${first.id}`, { body: 'x' })).status).toBe(401)
    expect((await cleo.send('DELETE', `/api/comments/${first.id}`)).status).toBe(403)
    const edited = await bob.send('PATCH', `/api/comments/${first.id}`, {
      body: 'Why *grid*?',
      kind: 'code_review',
    })
    expect(edited.status).toBe(200)
    expect(commentResponse.parse(await edited.json()).comment).toMatchObject({
      kind: 'code_review',
      body: 'Why *grid*?',
      editedAt: expect.any(String),
    })
    expect((await bob.send('PATCH', `/api/comments/${first.id}`, { extra: 1 })).status).toBe(400)

    // Deleting keeps the thread while a reply hangs under it, without author or text.
    expect((await bob.send('DELETE', `/api/comments/${first.id}`)).status).toBe(204)
    expect((await bob.send('DELETE', `/api/comments/${first.id}`)).status).toBe(404)
    expect((await bob.send('PATCH', `/api/comments/${first.id}`, { body: 'Back' })).status).toBe(404)
    const afterDelete = await threads(visitor(), id)
    expect(afterDelete.comments[0]).toMatchObject({ deleted: true, author: null, body: null, bodyHtml: '' })
    expect(afterDelete.comments[0]?.replies).toHaveLength(1)
    expect(afterDelete.count).toBe(1)
    expect(await commentCount(id)).toMatchObject({ count: 1 })
    const [stored] = await database.db.select().from(comments).where(eq(comments.publicId, first.id))
    expect(stored).toMatchObject({ body: '', helpfulAt: null, deletedAt: expect.any(Date) })
    // A reply to a deleted comment is refused; once its last reply goes, the thread goes.
    expect((await post(cleo, id, { kind: 'praise', body: 'Late', parentId: first.id })).status).toBe(404)
    expect((await cleo.send('DELETE', `/api/comments/${reply.id}`)).status).toBe(204)
    expect((await threads(visitor(), id)).comments).toEqual([])
    expect(await commentCount(id)).toMatchObject({ count: 0 })
  })

  it('opens comments on listed solutions only', async () => {
    const dora = await member('dora')
    const id = await submitted(dora, 'dora', own('not-dora'))
    const own409 = await post(dora, id, { kind: 'question', body: 'Anyone?' })
    expect(own409.status).toBe(409)
    expect(await messageOf(own409)).toBe(COMMENTS_NEED_LISTED_SOLUTION)
    const bob = await member('bob')
    expect((await post(bob, id, { kind: 'question', body: 'Hi' })).status).toBe(404)
    expect((await visitor().get(`/api/solutions/${id}/comments`)).status).toBe(404)
    expect((await threads(dora, id)).viewer.canComment).toBe(false)
    expect((await bob.send('PUT', `/api/solutions/${id}/like`)).status).toBe(404)
    // Its failed review was notified all the same.
    const listed = notificationsResponse.parse(await (await dora.get('/api/me/notifications')).json())
    expect(listed.notifications.map((n) => [n.kind, n.review?.passed])).toEqual([['review', false]])
  })

  it('shows a hidden comment to its author and the admins only, with its replies', async () => {
    const { id } = await author('hana')
    const bob = await member('bob')
    const cleo = await member('cleo')
    const root = await member('root')
    const hidden = await comment(bob, id, { kind: 'question', body: 'Spam?' })
    const under = await comment(cleo, id, { kind: 'praise', body: 'Under it', parentId: hidden.id })
    await database.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.publicId, hidden.id))

    expect((await threads(visitor(), id)).comments).toEqual([])
    expect((await threads(cleo, id)).comments).toEqual([])
    const forBob = await threads(bob, id)
    expect(forBob.comments[0]).toMatchObject({ id: hidden.id, hidden: true })
    const forAdmin = await threads(root, id)
    expect(forAdmin.viewer.isAdmin).toBe(true)
    expect(forAdmin.comments[0]?.replies.map((r) => r.id)).toEqual([under.id])
    // Not theirs to see: not there at all.
    expect((await cleo.send('PATCH', `/api/comments/${hidden.id}`, { body: 'x' })).status).toBe(404)
    expect((await cleo.send('PATCH', `/api/comments/${under.id}`, { body: 'x' })).status).toBe(404)
    expect((await post(cleo, id, { kind: 'praise', body: 'Again', parentId: hidden.id })).status).toBe(404)
  })

  it('keeps a suspended member from commenting and editing, not from deleting', async () => {
    const { id } = await author('ivy')
    const sam = await member('sam')
    const mine = await comment(sam, id, { kind: 'praise', body: 'Nice' })
    await database.db
      .update(users)
      .set({ commentingSuspendedAt: new Date() })
      .where(eq(users.username, 'sam'))
    const refused = await post(sam, id, { kind: 'praise', body: 'Again' })
    expect(refused.status).toBe(403)
    expect(await messageOf(refused)).toBe(COMMENTING_SUSPENDED)
    expect((await threads(sam, id)).viewer.canComment).toBe(false)
    expect((await sam.send('PATCH', `/api/comments/${mine.id}`, { body: 'Edit' })).status).toBe(403)
    expect((await sam.send('DELETE', `/api/comments/${mine.id}`)).status).toBe(204)
  })

  it('lets only the solution’s author mark comments helpful, notifies once, and gives the badges', async () => {
    const { b: jay, id } = await author('jay')
    const kim = await member('kim')
    const other = await member('lou')
    const helpful = await comment(kim, id, { kind: 'code_review', body: 'Use `gap`.' })
    const jays = await comment(jay, id, { kind: 'praise', body: 'Thanks all' })

    const notAuthor = await other.send('PUT', `/api/comments/${helpful.id}/helpful`)
    expect(notAuthor.status).toBe(403)
    expect(await messageOf(notAuthor)).toBe(ONLY_AUTHOR_MARKS_HELPFUL)
    expect((await kim.send('PUT', `/api/comments/${helpful.id}/helpful`)).status).toBe(403)
    expect((await visitor().send('PUT', `/api/comments/${helpful.id}/helpful`)).status).toBe(401)
    const ownMark = await jay.send('PUT', `/api/comments/${jays.id}/helpful`)
    expect(ownMark.status).toBe(400)
    expect(await messageOf(ownMark)).toBe(OWN_COMMENT_HELPFUL)

    for (const [method, expected] of [
      ['PUT', true],
      ['PUT', true],
      ['DELETE', false],
      ['DELETE', false],
      ['PUT', true],
    ] as const) {
      const response = await jay.send(method, `/api/comments/${helpful.id}/helpful`)
      expect(response.status).toBe(200)
      expect(commentResponse.parse(await response.json()).comment.helpful).toBe(expected)
    }
    const kims = (await notificationsOf('kim')).filter((n) => n.kind === 'helpful')
    expect(kims).toHaveLength(1)

    const profile = async () =>
      (await (await t.app.request('/api/users/kim')).json()) as {
        profile: { helpfulComments: number }
        badges: { id: string }[]
      }
    expect((await profile()).profile.helpfulComments).toBe(1)
    expect((await profile()).badges.map((b) => b.id)).toContain('first-helpful')
    expect((await jay.send('DELETE', `/api/comments/${helpful.id}/helpful`)).status).toBe(200)
    // An unmark takes the count back, never the badge.
    expect((await profile()).profile.helpfulComments).toBe(0)
    expect((await profile()).badges.map((b) => b.id)).toContain('first-helpful')
    expect((await profile()).badges.map((b) => b.id)).not.toContain('ten-helpful')
  })

  it('counts likes exactly, also when they come at once', async () => {
    const { b: max, id } = await author('max')
    const nia = await member('nia')
    expect((await visitor().send('PUT', `/api/solutions/${id}/like`)).status).toBe(401)
    const ownLike = await max.send('PUT', `/api/solutions/${id}/like`)
    expect(ownLike.status).toBe(403)
    expect(await messageOf(ownLike)).toBe(OWN_SOLUTION_LIKE)

    const liked = await nia.send('PUT', `/api/solutions/${id}/like`)
    expect(likeResponse.parse(await liked.json())).toEqual({ likeCount: 1, liked: true })
    expect(
      likeResponse.parse(await (await nia.send('PUT', `/api/solutions/${id}/like`)).json()).likeCount,
    ).toBe(1)
    const read = solutionResponse.parse(await (await nia.get(`/api/solutions/${id}`)).json()).solution
    expect(read).toMatchObject({ likeCount: 1, likedByMe: true, moderatorHidden: false })
    expect(
      solutionResponse.parse(await (await visitor().get(`/api/solutions/${id}`)).json()).solution.likedByMe,
    ).toBe(false)
    expect(likeResponse.parse(await (await nia.send('DELETE', `/api/solutions/${id}/like`)).json())).toEqual({
      likeCount: 0,
      liked: false,
    })

    const fans = await Promise.all(Array.from({ length: 20 }, (_, i) => member(`fan-${i}`)))
    const answers = await Promise.all(fans.map((fan) => fan.send('PUT', `/api/solutions/${id}/like`)))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    expect(await commentCount(id)).toMatchObject({ likes: 20 })

    // One member's likes and unlikes at once: the count always matches the rows.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => nia.send(i % 2 ? 'DELETE' : 'PUT', `/api/solutions/${id}/like`)),
    )
    const [rows] = (
      (await database.db.execute(
        sql`select count(*)::int as n from solution_likes l join user_challenges uc on uc.id = l.user_challenge_id where uc.public_id = ${id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows
    expect(await commentCount(id)).toMatchObject({ likes: Number(rows?.n) })

    // The most liked first in the galleries, with the counts on the cards.
    const { id: other } = await author('ola')
    const page = galleryResponse.parse(await (await t.app.request('/api/solutions?sort=liked')).json())
    expect(page.solutions[0]).toMatchObject({ id, likeCount: Number(rows?.n), commentCount: 0 })
    expect(page.solutions.map((s) => s.id)).toContain(other)
    const paged = galleryResponse.parse(
      await (await t.app.request('/api/solutions?sort=liked&limit=1')).json(),
    )
    expect(paged.nextCursor).not.toBeNull()
    const second = galleryResponse.parse(
      await (await t.app.request(`/api/solutions?sort=liked&limit=1&cursor=${paged.nextCursor}`)).json(),
    )
    expect(second.solutions[0]?.id).not.toBe(id)
  })

  it('notifies once per event, and lets each member read only their own', async () => {
    const { b: pia, id } = await author('pia')
    const quinn = await member('quinn')
    const ray = await member('ray')
    const top = await comment(quinn, id, { kind: 'question', body: 'How?' })
    await comment(ray, id, { kind: 'praise', body: 'Me too', parentId: top.id })
    await comment(ray, id, { kind: 'praise', body: 'And again', parentId: top.id })
    await comment(pia, id, { kind: 'praise', body: 'Like this', parentId: top.id })

    const kinds = async (login: string) => (await notificationsOf(login)).map((n) => n.kind).sort()
    // Pia: the comment, two replies by ray (not her own reply), and her review.
    expect(await kinds('pia')).toEqual(['comment', 'comment', 'comment', 'review'])
    // Quinn: three replies to her comment.
    expect(await kinds('quinn')).toEqual(['reply', 'reply', 'reply'])
    expect(await kinds('ray')).toEqual([])

    const listed = notificationsResponse.parse(await (await pia.get('/api/me/notifications')).json())
    expect(listed.unreadCount).toBe(4)
    expect(listed.notifications[0]).toMatchObject({
      kind: 'comment',
      actor: { username: 'ray' },
      read: false,
    })
    const review = listed.notifications.find((n) => n.kind === 'review')
    expect(review).toMatchObject({ actor: null, commentId: null, review: { passed: true } })
    expect(review?.solution).toEqual({ id, challengeTitle: 'Talk Navbar' })

    const count = await pia.get('/api/me/notifications/unread-count')
    expect(count.headers.get('Cache-Control')).toBe('no-store')
    expect(unreadCountResponse.parse(await count.json()).unreadCount).toBe(4)
    expect((await visitor().get('/api/me/notifications/unread-count')).status).toBe(401)

    const first = listed.notifications[0]?.id as string
    expect((await quinn.send('POST', `/api/me/notifications/${first}/read`)).status).toBe(404)
    expect((await pia.send('POST', '/api/me/notifications/not-an-id/read')).status).toBe(400)
    const readOne = await pia.send('POST', `/api/me/notifications/${first}/read`)
    expect(unreadCountResponse.parse(await readOne.json()).unreadCount).toBe(3)

    // A deleted comment's notification is left out of the list and the count.
    expect((await quinn.send('DELETE', `/api/comments/${top.id}`)).status).toBe(204)
    const quinnsList = notificationsResponse.parse(await (await quinn.get('/api/me/notifications')).json())
    expect(quinnsList.notifications).toHaveLength(3)
    const pias = notificationsResponse.parse(await (await pia.get('/api/me/notifications')).json())
    expect(pias.notifications.map((n) => n.kind).sort()).toEqual(['comment', 'comment', 'review'])
    expect(pias.unreadCount).toBe(2)
    // So is one about a comment an admin hid since (unread here, so the count drops too).
    await database.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.body, 'Me too'))
    const afterHide = notificationsResponse.parse(await (await pia.get('/api/me/notifications')).json())
    expect(afterHide.notifications.map((n) => n.kind).sort()).toEqual(['comment', 'review'])
    expect(afterHide.unreadCount).toBe(1)

    const all = await pia.send('POST', '/api/me/notifications/read-all')
    expect(unreadCountResponse.parse(await all.json()).unreadCount).toBe(0)
    expect((await pia.request('/api/me/notifications/read-all', { method: 'POST' })).status).toBe(403)
  })

  it('pages notifications newest first by cursor', async () => {
    const sol = await member('sol')
    const { id } = await author('tia')
    const [row] = await database.db
      .select({ id: userChallenges.id })
      .from(userChallenges)
      .where(eq(userChallenges.publicId, id))
    const solId = await userId('sol')
    const base = Date.parse('2026-11-01T00:00:00Z')
    await database.db.insert(notifications).values(
      Array.from({ length: NOTIFICATIONS_PAGE_SIZE + 5 }, (_, i) => ({
        recipientId: solId,
        kind: 'review',
        userChallengeId: row?.id as number,
        // Two at each instant: the id orders them.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    )
    const seen: string[] = []
    let cursor: string | null = null
    for (let page = 0; page < 3; page += 1) {
      const path: string = cursor ? `/api/me/notifications?cursor=${cursor}` : '/api/me/notifications'
      const body = notificationsResponse.parse(await (await sol.get(path)).json())
      seen.push(...body.notifications.map((n) => `${n.createdAt}`))
      expect(new Set(body.notifications.map((n) => n.id)).size).toBe(body.notifications.length)
      cursor = body.nextCursor
      if (!cursor) break
    }
    expect(seen).toHaveLength(NOTIFICATIONS_PAGE_SIZE + 5)
    expect([...seen].sort().reverse()).toEqual(seen)
    expect((await sol.get('/api/me/notifications?cursor=bad!')).status).toBe(400)
  })

  it('pages a long discussion by thread, oldest first, each thread whole, with no thread twice', async () => {
    const { b: ada, id } = await author('ada-pages')
    const [row] = await database.db
      .select({ id: userChallenges.id })
      .from(userChallenges)
      .where(eq(userChallenges.publicId, id))
    const solutionRow = row?.id as number
    const writerId = await userId('ada-pages')
    const base = Date.parse('2026-11-02T00:00:00Z')
    const total = COMMENT_THREADS_PAGE * 2 + 7
    // Two threads at each instant (the id orders them), the sixth one hidden by an admin.
    const tops = await database.db
      .insert(comments)
      .values(
        Array.from({ length: total }, (_, i) => ({
          userChallengeId: solutionRow,
          authorId: writerId,
          kind: 'praise',
          body: `thread ${i}`,
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
          hiddenAt: i === 5 ? new Date(base) : null,
        })),
      )
      .returning({ id: comments.id })
    // Two replies under every thread, written before the later threads: a page still holds them whole.
    await database.db.insert(comments).values(
      tops.flatMap((top, i) =>
        [0, 1].map((r) => ({
          userChallengeId: solutionRow,
          authorId: writerId,
          parentId: top.id,
          kind: 'question',
          body: `reply ${r} to ${i}`,
          createdAt: new Date(base + Math.floor(i / 2) * 1000 + 1 + r),
        })),
      ),
    )

    const reader = visitor()
    const bodies: string[] = []
    const pages: number[] = []
    let cursor: string | null = null
    for (let page = 0; page < 5; page += 1) {
      const path: string = `/api/solutions/${id}/comments${cursor ? `?cursor=${cursor}` : ''}`
      const answer = commentsResponse.parse(await (await reader.get(path)).json())
      pages.push(answer.comments.length)
      for (const thread of answer.comments) {
        expect(thread.replies.map((reply) => reply.bodyHtml)).toEqual([
          expect.stringContaining('reply 0 to'),
          expect.stringContaining('reply 1 to'),
        ])
        bodies.push(thread.bodyHtml)
      }
      cursor = answer.nextCursor
      if (!cursor) break
    }
    // The hidden thread is left out of its page, so the first page shows one fewer; the last has no cursor.
    expect(pages).toEqual([COMMENT_THREADS_PAGE - 1, COMMENT_THREADS_PAGE, 7])
    expect(bodies).toEqual(
      Array.from({ length: total }, (_, i) => `<p>thread ${i}</p>\n`).filter((_, i) => i !== 5),
    )
    // Its author sees the hidden thread in its place.
    const own = commentsResponse.parse(await (await ada.get(`/api/solutions/${id}/comments`)).json())
    expect(own.comments).toHaveLength(COMMENT_THREADS_PAGE)
    const bad = await reader.get(`/api/solutions/${id}/comments?cursor=bad!`)
    expect(bad.status).toBe(400)
    expect(await messageOf(bad)).toMatch(/^cursor: /)
    const forged = Buffer.from('["1", 0]').toString('base64url')
    expect((await reader.get(`/api/solutions/${id}/comments?cursor=${forged}`)).status).toBe(400)
  })

  it('limits comments per member: the 11th in ten minutes is refused and not stored', async () => {
    const { id } = await author('uma')
    const vic = await member('vic')
    for (let i = 0; i < 10; i += 1) await comment(vic, id, { kind: 'praise', body: `Nice ${i}` })
    const refused = await post(vic, id, { kind: 'praise', body: 'One more' })
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    const body = (await refused.json()) as { error: { code: string; message: string } }
    expect(body.error).toEqual({ code: 'rate_limited', message: rateLimitedMessage('comment', retryAfter) })
    const stored = await database.db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.authorId, await userId('vic')))
    expect(stored).toHaveLength(10)
  })

  it('counts only accepted comments against the limit: refused ones cost nothing', async () => {
    const { id } = await author('abe')
    const ben = await member('ben')
    const top = await comment(ben, id, { kind: 'question', body: 'Why grid?' })
    const reply = await comment(ben, id, { kind: 'praise', body: 'Thanks.', parentId: top.id })
    const refusals: [Record<string, unknown> | string, number][] = [
      [{ kind: 'praise', body: '' }, 400],
      [{ kind: 'praise', body: '\u200b' }, 400],
      [{ kind: 'praise', body: 'x'.repeat(3001) }, 400],
      [{ kind: 'rant', body: 'Hi' }, 400],
      [{ kind: 'praise', body: 42 }, 400],
      [{ kind: 'praise', body: 'Hi', owner: 'me' }, 400],
      [{ kind: 'praise', body: 'Hi', parentId: reply.id }, 400],
      [{ kind: 'praise', body: 'Hi', parentId: '00000000-0000-4000-8000-000000000000' }, 404],
      ['not json', 400],
    ]
    for (let round = 0; round < 2; round += 1) {
      for (const [body, status] of refusals) {
        const response =
          typeof body === 'string'
            ? await ben.request(`/api/solutions/${id}/comments`, {
                method: 'POST',
                headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' },
                body,
              })
            : await post(ben, id, body)
        expect(response.status, JSON.stringify(body)).toBe(status)
      }
    }
    // Two accepted so far: eight more pass, the eleventh accepted one is refused.
    for (let i = 0; i < 8; i += 1) await comment(ben, id, { kind: 'praise', body: `Nice ${i}` })
    expect((await post(ben, id, { kind: 'praise', body: 'One more' })).status).toBe(429)
    const stored = await database.db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.authorId, await userId('ben')))
    expect(stored).toHaveLength(10)
  })

  it('refuses a comment, a reply or an edit that shows nothing, as a blank one', async () => {
    const { id } = await author('ina')
    const jon = await member('jon')
    const kim = await member('kim')
    const top = await comment(jon, id, { kind: 'question', body: 'Why grid?' })
    const texts = Object.values(INVISIBLE_TEXTS)
    const blank = async (response: Response) => {
      expect(response.status).toBe(400)
      expect(await messageOf(response)).toBe(COMMENT_EMPTY)
    }
    // Each member's comments and replies are limited (10 in 10 minutes): a few of each kind here.
    for (const body of texts.slice(0, 4)) await blank(await post(kim, id, { kind: 'praise', body }))
    for (const body of texts.slice(4, 8))
      await blank(await post(kim, id, { kind: 'praise', body, parentId: top.id }))
    for (const body of texts) await blank(await jon.send('PATCH', `/api/comments/${top.id}`, { body }))
    const stored = await database.db
      .select({ body: comments.body })
      .from(comments)
      .innerJoin(userChallenges, eq(userChallenges.id, comments.userChallengeId))
      .where(eq(userChallenges.publicId, id))
    expect(stored).toEqual([{ body: 'Why grid?' }])
    // Invisible characters inside real text are text.
    await comment(kim, id, { kind: 'praise', body: '\u200bNice\u200b' })
  })

  it('renders comments without script, handlers, script links or images', async () => {
    const { id } = await author('wes')
    const writers = await Promise.all(Array.from({ length: 5 }, (_, i) => member(`xss-${i}`)))
    const rendered: string[] = []
    for (const [i, source] of XSS_CORPUS.entries()) {
      const created = await comment(writers[Math.floor(i / 9)] as TestBrowser, id, {
        kind: 'question',
        body: source,
      })
      rendered.push(created.bodyHtml)
    }
    rendered.push(...(await threads(visitor(), id)).comments.map((c) => c.bodyHtml))
    for (const html of rendered) {
      const elements: { name: string; attributes: Record<string, string> }[] = []
      const parser = new Parser({ onopentag: (name, attributes) => elements.push({ name, attributes }) })
      parser.write(html)
      parser.end()
      for (const { name, attributes } of elements) {
        expect(['script', 'img', 'iframe', 'svg', 'style'], html).not.toContain(name)
        for (const attribute of Object.keys(attributes)) expect(attribute, html).not.toMatch(/^on/i)
        if (attributes.href !== undefined) expect(attributes.href, html).toMatch(/^(https?:\/\/[^/]|mailto:)/)
      }
    }
  })

  it('lets an admin read a solution they hid, and keeps its author from showing it again', async () => {
    const { b: yan, id } = await author('yan')
    const root = await member('root')
    await database.db
      .update(userChallenges)
      .set({ hidden: true, moderatorHiddenAt: new Date() })
      .where(eq(userChallenges.publicId, id))
    expect((await visitor().get(`/api/solutions/${id}`)).status).toBe(404)
    const forAdmin = await root.get(`/api/solutions/${id}`)
    expect(forAdmin.status).toBe(200)
    expect(solutionResponse.parse(await forAdmin.json()).solution).toMatchObject({
      moderatorHidden: true,
      listed: false,
    })
    expect((await root.get(`/api/solutions/${id}/comments`)).status).toBe(200)
    const refused = await yan.send('PATCH', `/api/solutions/${id}`, { hidden: false })
    expect(refused.status).toBe(403)
    expect(await messageOf(refused)).toBe(MODERATOR_HIDDEN_SOLUTION)
    const [row] = await database.db
      .select({ hidden: userChallenges.hidden })
      .from(userChallenges)
      .where(eq(userChallenges.publicId, id))
    expect(row?.hidden).toBe(true)
  })
})
