import { describe, expect, it } from 'vitest'
import type { EventName } from '@shared/ipc/channels'
import { createEventRelay } from './event-relay'

/** Main's side of the relay: the handlers the preload registered, which the test fires as main would. */
function fakeMain() {
  const handlers = new Map<EventName, (payload: unknown) => void>()
  const relay = createEventRelay((event, handler) => handlers.set(event, handler))
  return { relay, send: (event: EventName, payload: unknown) => handlers.get(event)!(payload) }
}

describe('createEventRelay', () => {
  it('keeps a deep link main sent before the page listened, and gives it to the page\'s first listener', () => {
    const { relay, send } = fakeMain()
    send('app:navigate', { route: '/detail/p1' })
    const seen: unknown[] = []
    relay.on('app:navigate', (payload) => seen.push(payload))
    expect(seen).toEqual([{ route: '/detail/p1' }])
    send('app:navigate', { route: '/myalert' })
    expect(seen).toEqual([{ route: '/detail/p1' }, { route: '/myalert' }])
  })

  it('keeps early events per kind, in order, each delivered once', () => {
    const { relay, send } = fakeMain()
    send('posts:changed', { postIds: ['a'], feed: true })
    send('alerts:changed', {})
    send('posts:changed', { postIds: ['b'], feed: false })
    const posts: unknown[] = []
    relay.on('posts:changed', (payload) => posts.push(payload))
    expect(posts).toEqual([{ postIds: ['a'], feed: true }, { postIds: ['b'], feed: false }])
    // A second listener of the kind gets only what comes from now on.
    const later: unknown[] = []
    relay.on('posts:changed', (payload) => later.push(payload))
    expect(later).toEqual([])
    const alerts: unknown[] = []
    relay.on('alerts:changed', (payload) => alerts.push(payload))
    expect(alerts).toEqual([{}])
  })

  it('stops delivering to a listener that unsubscribed, and keeps nothing once the page has listened', () => {
    const { relay, send } = fakeMain()
    const seen: unknown[] = []
    const off = relay.on('session:changed', (payload) => seen.push(payload))
    off()
    send('session:changed', { user: null })
    relay.on('session:changed', (payload) => seen.push(payload))
    expect(seen).toEqual([])
  })

  it('keeps at most 32 events of a kind the page never listens to', () => {
    const { relay, send } = fakeMain()
    for (let i = 0; i < 100; i++) send('images:progress', { requestId: 'r', progress: i / 100 })
    const seen: unknown[] = []
    relay.on('images:progress', (payload) => seen.push(payload))
    expect(seen).toHaveLength(32)
    expect(seen[0]).toEqual({ requestId: 'r', progress: 0 })
  })

  it('lets the preload observe every event first, without taking the ones kept for the page', () => {
    const { relay, send } = fakeMain()
    const order: string[] = []
    const stop = relay.observe(() => order.push('observer'))
    send('app:navigate', { route: '/myalert' })
    relay.on('app:navigate', () => order.push('page'))
    send('app:navigate', { route: '/' })
    stop()
    send('app:navigate', { route: '/' })
    expect(order).toEqual(['observer', 'page', 'observer', 'page', 'page'])
  })
})
