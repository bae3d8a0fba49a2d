import { describe, expect, expectTypeOf, it } from 'vitest'
import { type AppEvent, type AppEventOf, createEventBus, type EventSource } from '#server/events/bus.ts'
import type { Logger } from '#server/logger.ts'

function recordingLog() {
  const errors: { message: string; data: Record<string, unknown> | undefined }[] = []
  const log: Logger = {
    debug() {},
    info() {},
    warn() {},
    error: (message, data) => errors.push({ message, data }),
  }
  return { log, errors }
}

const settled: AppEvent = {
  type: 'review-settled',
  reviewId: 7,
  userId: 'u1',
  challengeId: 3,
  passed: true,
  pointsChanged: true,
}

describe('the event bus', () => {
  it('hands each handler the events of its types only, typed by them, with where they happened', () => {
    const bus = createEventBus(recordingLog().log)
    const heard: [string, EventSource][] = []
    bus.on('member-changed', (event, source) => {
      expectTypeOf(event).toEqualTypeOf<AppEventOf<'member-changed'>>()
      heard.push([event.userId, source])
    })
    bus.on(['account-deleted', 'review-settled'], (event) => {
      expectTypeOf(event).toEqualTypeOf<AppEventOf<'account-deleted' | 'review-settled'>>()
      heard.push([`${event.type}:${event.userId}`, 'here'])
    })
    bus.emit({ type: 'member-changed', userId: 'u1' })
    bus.emit({ type: 'member-changed', userId: 'u2' }, 'another-instance')
    bus.emit(settled)
    bus.emit({ type: 'session-ended', idHash: 'a'.repeat(64) })
    bus.emit({ type: 'account-deleted', userId: 'u3' })
    expect(heard).toEqual([
      ['u1', 'here'],
      ['u2', 'another-instance'],
      ['review-settled:u1', 'here'],
      ['account-deleted:u3', 'here'],
    ])
    // @ts-expect-error: an event names its member.
    bus.emit({ type: 'member-changed' })
    // @ts-expect-error: only the events of the union.
    bus.on('something-else', () => {})
  })

  it('logs a handler that throws or rejects, and still runs the others and returns', async () => {
    const { log, errors } = recordingLog()
    const bus = createEventBus(log)
    const ran: string[] = []
    bus.on('member-changed', () => {
      throw new Error('thrown')
    })
    bus.on('member-changed', async () => {
      throw new Error('rejected')
    })
    bus.on('member-changed', () => {
      ran.push('after')
    })
    expect(() => bus.emit({ type: 'member-changed', userId: 'u1' })).not.toThrow()
    expect(ran).toEqual(['after'])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors.map((entry) => entry.message)).toEqual([
      'an event handler failed',
      'an event handler failed',
    ])
    expect(errors.map((entry) => entry.data?.event)).toEqual(['member-changed', 'member-changed'])
    expect(String(errors[0]?.data?.error)).toContain('thrown')
    expect(String(errors[1]?.data?.error)).toContain('rejected')
  })

  it('stops handing events to a handler that unsubscribed, from every type it took', () => {
    const bus = createEventBus(recordingLog().log)
    const heard: string[] = []
    const record = (event: AppEvent) => {
      heard.push(event.type)
    }
    const off = bus.on(['member-changed', 'events-missed'], record)
    // The same function subscribed again is a subscription of its own.
    const offAgain = bus.on('events-missed', record)
    bus.emit({ type: 'events-missed' })
    off()
    bus.emit({ type: 'member-changed', userId: 'u1' })
    bus.emit({ type: 'events-missed' })
    offAgain()
    bus.emit({ type: 'events-missed' })
    expect(heard).toEqual(['events-missed', 'events-missed', 'events-missed'])
  })

  it('lets a handler unsubscribe while the event runs, without skipping the next handler', () => {
    const bus = createEventBus(recordingLog().log)
    const heard: string[] = []
    const off = bus.on('catalogue-imported', () => {
      heard.push('first')
      off()
    })
    bus.on('catalogue-imported', () => {
      heard.push('second')
    })
    bus.emit({ type: 'catalogue-imported' })
    bus.emit({ type: 'catalogue-imported' })
    expect(heard).toEqual(['first', 'second', 'second'])
  })
})
