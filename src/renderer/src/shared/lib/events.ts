import { useEffect, useRef } from 'react'
import type { EventName } from '@shared/ipc/channels'
import type { EventPayloads } from '@shared/ipc/contract'

/** Subscribes to one of main's events for the lifetime of the component. */
export function useMagpieEvent<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): void {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => window.magpie.on(event, (payload) => latest.current(payload)), [event])
}
