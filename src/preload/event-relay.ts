import { events, type EventName } from '@shared/ipc/channels'

type Listener = (payload: unknown) => void

/** Events of one kind kept for a page that has not listened yet: enough for a burst, never unbounded. */
const earlyLimit = 32

export interface EventRelay {
  /** The page's subscription; events that came before its first listener of that kind are delivered to it first. */
  on(event: EventName, listener: Listener): () => void
  /** The preload's own look at every event, before the page's listeners; takes none of the kept ones. */
  observe(observer: () => void): () => void
}

/**
 * Main's events, listened to from the moment the preload runs. The page subscribes only once
 * React has mounted, and main may speak before that: a cold start's deep link is sent as soon
 * as the window has loaded (`app:navigate`), a change may come between the first answers and
 * the subscription. Such events are kept, per kind, until the page's first listener of that
 * kind, which gets them in order; after that, events go to the listeners present.
 */
export function createEventRelay(listen: (event: EventName, handler: Listener) => void): EventRelay {
  const listeners = new Map<EventName, Set<Listener>>()
  const early = new Map<EventName, unknown[]>()
  const observers = new Set<() => void>()
  for (const event of events) {
    listen(event, (payload) => {
      for (const observer of [...observers]) observer()
      const present = listeners.get(event)
      if (present) {
        for (const listener of [...present]) listener(payload)
        return
      }
      const kept = early.get(event) ?? []
      if (kept.length < earlyLimit) kept.push(payload)
      early.set(event, kept)
    })
  }
  return {
    on(event, listener) {
      const present = listeners.get(event) ?? new Set()
      listeners.set(event, present)
      present.add(listener)
      const kept = early.get(event)
      early.delete(event)
      for (const payload of kept ?? []) listener(payload)
      return () => {
        present.delete(listener)
      }
    },
    observe(observer) {
      observers.add(observer)
      return () => {
        observers.delete(observer)
      }
    }
  }
}
