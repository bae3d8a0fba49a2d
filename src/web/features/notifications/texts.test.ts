import { describe, expect, it } from 'vitest'
import type { Notification } from '#shared/feedback.ts'
import { notificationHref, notificationSentence } from '#web/features/notifications/texts.ts'

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
    expect(notificationSentence({ ...review, review: { id: 'r1', passed: true } })).toBe(
      'Your review of Solve Navbar passed',
    )
    expect(notificationSentence({ ...review, review: { id: 'r1', passed: false } })).toBe(
      'Your review of Solve Navbar did not pass',
    )
  })

  it('links a comment on the solution page and a review to its page', () => {
    expect(notificationHref(base)).toBe('/solutions/sol-1#comment-c1')
    expect(notificationHref({ ...base, kind: 'helpful', commentId: 'c2' })).toBe(
      '/solutions/sol-1#comment-c2',
    )
    const review = { ...base, kind: 'review' as const, commentId: null, review: { id: 'r 1', passed: true } }
    expect(notificationHref(review)).toBe('/reviews/r%201')
  })
})
