import { describe, expect, it } from 'vitest'
import type { Notification } from '#shared/feedback.ts'
import {
  type ClassroomNotification,
  classroomNotificationHref,
  classroomNotificationSentence,
  notificationDetail,
  notificationHref,
  notificationSentence,
  notificationTime,
} from '#web/features/notifications/texts.ts'

const base: Notification = {
  id: 'n1',
  kind: 'comment',
  actor: { username: 'ada', name: 'Ada Lovelace', avatarUrl: null },
  solution: { id: 'sol-1', challengeTitle: 'Solve Navbar' },
  commentId: 'c1',
  review: null,
  read: false,
  createdAt: '2026-11-25T10:00:00.000Z',
}

describe('a notification as the page reads it (docs/product.md §12)', () => {
  it('names the actor by name, else by username', () => {
    expect(notificationSentence(base)).toBe('Ada Lovelace commented on your solution to Solve Navbar')
    const unnamed = { ...base, actor: { username: 'ada', name: '  ', avatarUrl: null } }
    expect(notificationSentence(unnamed)).toBe('ada commented on your solution to Solve Navbar')
  })

  it('words replies, helpful marks and finished reviews', () => {
    expect(notificationSentence({ ...base, kind: 'reply' })).toBe(
      'Ada Lovelace replied to your comment on Solve Navbar',
    )
    expect(notificationSentence({ ...base, kind: 'helpful' })).toBe(
      'Ada Lovelace marked your comment on Solve Navbar as helpful',
    )
    const review = { ...base, kind: 'review' as const, actor: null, commentId: null }
    expect(
      notificationSentence({ ...review, review: { id: 'r1', passed: true, score: 91.25, reason: null } }),
    ).toBe('Your review of Solve Navbar passed')
    expect(
      notificationSentence({
        ...review,
        review: { id: 'r1', passed: false, score: 2, reason: 'The page looks blank.' },
      }),
    ).toBe('Your review of Solve Navbar did not pass')
  })

  it('links a comment on the solution page and a review to its page', () => {
    expect(notificationHref(base)).toBe('/solutions/sol-1#comment-c1')
    expect(notificationHref({ ...base, kind: 'helpful', commentId: 'c2' })).toBe(
      '/solutions/sol-1#comment-c2',
    )
    const review = {
      ...base,
      kind: 'review' as const,
      commentId: null,
      review: { id: 'r 1', passed: true, score: 90, reason: null },
    }
    expect(notificationHref(review)).toBe('/reviews/r%201')
  })

  it('tells finished reviews apart by a passed one’s score and a failed one’s reason', () => {
    const review = { ...base, kind: 'review' as const, actor: null, commentId: null }
    expect(
      notificationDetail({ ...review, review: { id: 'r1', passed: true, score: 82.44, reason: null } }),
    ).toBe('Score: 82.4 / 100')
    expect(
      notificationDetail({ ...review, review: { id: 'r2', passed: true, score: 100, reason: null } }),
    ).toBe('Score: 100.0 / 100')
    const blank = { id: 'r3', passed: false, score: 1.5, reason: 'The page looks blank.' }
    expect(notificationDetail({ ...review, review: blank })).toBe('The page looks blank.')
    const unreachable = { id: 'r4', passed: false, score: null, reason: 'We could not reach the site.' }
    expect(notificationDetail({ ...review, review: unreachable })).toBe('We could not reach the site.')
    // A passed review whose captures were never scored, and every other kind, add nothing.
    expect(
      notificationDetail({ ...review, review: { id: 'r5', passed: true, score: null, reason: null } }),
    ).toBeNull()
    expect(notificationDetail(base)).toBeNull()
  })

  it('says when, relatively for today', () => {
    const now = new Date('2026-11-25T10:03:00.000Z')
    expect(notificationTime(base, now)).toBe('3 minutes ago')
    expect(notificationTime({ ...base, createdAt: '2026-11-25T10:02:30.000Z' }, now)).toBe('just now')
  })
})

describe('classroom notifications', () => {
  const notice: ClassroomNotification = {
    id: 'cn1',
    kind: 'assignment',
    classroom: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Web 101' },
    assignmentId: 'a1',
    challenge: { id: 3, slug: 'solve-navbar', title: 'Solve Navbar' },
    dueAt: '2026-12-01T17:00:00.000Z',
    student: null,
    reviewId: null,
    read: false,
    createdAt: '2026-11-25T10:00:00.000Z',
  }

  it('says what happened in which classroom, and leads to the classroom or the late review', () => {
    expect(classroomNotificationSentence(notice)).toBe('New assignment in Web 101: Solve Navbar')
    expect(classroomNotificationSentence({ ...notice, kind: 'assignment_due' })).toBe(
      'Solve Navbar is due within 24 hours in Web 101',
    )
    const late: ClassroomNotification = {
      ...notice,
      kind: 'late_pass',
      student: { username: 'stu', name: 'Stu Dent', avatarUrl: null },
      reviewId: 'r/1',
    }
    expect(classroomNotificationSentence(late)).toBe(
      'Stu Dent passed Solve Navbar after the due time in Web 101',
    )
    expect(classroomNotificationHref(late)).toBe('/reviews/r%2F1')
    expect(classroomNotificationHref(notice)).toBe('/classrooms/c0ffee00-0000-4000-8000-000000000001')
  })

  it('keeps hostile names as text: no pattern reads them and the link stays on this site', () => {
    const hostile = '$& $1 <img src=x onerror=alert(1)> ../../admin'
    const sentence = classroomNotificationSentence({
      ...notice,
      classroom: { id: '../../admin?x=1', name: hostile },
      challenge: { ...notice.challenge, title: hostile },
    })
    expect(sentence).toBe(`New assignment in ${hostile}: ${hostile}`)
    expect(classroomNotificationHref({ ...notice, classroom: { id: '../../admin?x=1', name: 'x' } })).toBe(
      '/classrooms/..%2F..%2Fadmin%3Fx%3D1',
    )
  })
})
