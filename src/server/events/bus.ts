import type { Logger } from '#server/logger.ts'

/**
 * What happened, told to whoever keeps something that it changes (docs/decisions/005: caches follow
 * changes at once). A feature emits after its transaction commits; caches subscribe, and so does the
 * bridge to the other instances on the same PostgreSQL database (db/events.ts), which forwards what
 * they must hear and emits what it hears from them with the source `another-instance`.
 *
 * - `member-changed {userId}`: the member's row or progress changed (profile, a start, a submit, a new
 *   verification token); heard from another instance, any change of theirs.
 * - `member-signed-in {userId}`: a sign-in wrote GitHub's name, avatar and login; another member's
 *   login may have been moved aside.
 * - `account-deleted {userId}`: the member and everything of theirs are gone.
 * - `session-ended {idHash}`: a sign-out, or a new sign-in in the same browser, ended a session.
 * - `review-progressed`: a review was queued, started, moved to its next stage, or queued again.
 * - `review-settled {reviewId, userId, challengeId, passed, pointsChanged}`: a review ended, passed or
 *   failed; `pointsChanged` when it moved the member's points or completed challenges.
 * - `link-checked {userId, userChallengeId}`: the weekly check of a solution's address was recorded.
 * - `comment-helpful-changed {authorId}`: a comment was marked helpful, or the mark taken back.
 * - `comment-deleted {authorId, wasHelpful}`: its author deleted a comment.
 * - `solution-moderated {ownerId, challengeId, hidden}`: an admin hid or restored a solution.
 * - `solution-listing-changed {challengeId}`: its owner hid a solution of the challenge, or showed it
 *   again; heard from another instance, any change in which of the challenge's solutions are listed (a
 *   passed review, a moderation), and `null` for any challenge's (an account deleted).
 * - `competitions-closed {slugs}`: ended competitions' results were frozen and their badges given.
 * - `catalogue-imported`: another instance imported the catalogue (an import rebuilds its own process's
 *   catalogue directly: catalogue.ts).
 * - `events-missed`: the link to the other instances was down; what they said meanwhile is lost.
 */
export type AppEvent =
  | { type: 'member-changed'; userId: string }
  | { type: 'member-signed-in'; userId: string }
  | { type: 'account-deleted'; userId: string }
  | { type: 'session-ended'; idHash: string }
  | { type: 'review-progressed' }
  | {
      type: 'review-settled'
      reviewId: number
      userId: string
      challengeId: number
      passed: boolean
      pointsChanged: boolean
    }
  | { type: 'link-checked'; userId: string; userChallengeId: number }
  | { type: 'comment-helpful-changed'; authorId: string }
  | { type: 'comment-deleted'; authorId: string; wasHelpful: boolean }
  | { type: 'solution-moderated'; ownerId: string; challengeId: number; hidden: boolean }
  | { type: 'solution-listing-changed'; challengeId: number | null }
  | { type: 'competitions-closed'; slugs: string[] }
  | { type: 'catalogue-imported' }
  | { type: 'events-missed' }

export type AppEventType = AppEvent['type']
export type AppEventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>

/** Where an event happened: in this process, or in another instance that told this one. */
export type EventSource = 'here' | 'another-instance'

export type EventHandler<T extends AppEventType> = (
  event: AppEventOf<T>,
  source: EventSource,
) => void | Promise<void>

export type EventBus = {
  /** Runs every handler of the event's type now; a handler's failure is logged and stops no other. */
  emit(event: AppEvent, source?: EventSource): void
  /** Handles events of one type or several; returns a function that unsubscribes. */
  on<T extends AppEventType>(types: T | readonly T[], handler: EventHandler<T>): () => void
}

/** What a feature needs to tell what happened. */
export type EventEmitter = Pick<EventBus, 'emit'>

/** One bus per app: two apps in one process (the tests' instances) hear each other only through PostgreSQL. */
export function createEventBus(log: Logger): EventBus {
  const handlers = new Map<AppEventType, Set<EventHandler<AppEventType>>>()
  const failed = (event: AppEvent, error: unknown) =>
    log.error('an event handler failed', {
      event: event.type,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
  return {
    emit(event, source = 'here') {
      // A copy: a handler that unsubscribes (or subscribes) while it runs changes the next emit only.
      for (const handler of [...(handlers.get(event.type) ?? [])]) {
        try {
          const done = handler(event as AppEventOf<AppEventType>, source)
          if (done) done.catch((error: unknown) => failed(event, error))
        } catch (error) {
          failed(event, error)
        }
      }
    },
    on<T extends AppEventType>(types: T | readonly T[], handler: EventHandler<T>) {
      const list: readonly AppEventType[] = typeof types === 'string' ? [types] : types
      // Its own wrapper: the same function subscribed twice is two subscriptions, each undone alone.
      const added: EventHandler<AppEventType> = (event, source) => handler(event as AppEventOf<T>, source)
      for (const type of list) {
        let set = handlers.get(type)
        if (!set) {
          set = new Set()
          handlers.set(type, set)
        }
        set.add(added)
      }
      return () => {
        for (const type of list) handlers.get(type)?.delete(added)
      }
    },
  }
}
