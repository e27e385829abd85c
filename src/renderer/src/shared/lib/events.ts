import { useEffect, useEffectEvent } from 'react'
import type { EventName } from '@shared/ipc/channels'
import type { EventPayloads } from '@shared/ipc/contract'

/** Subscribes to one of main's events for the lifetime of the component, always calling the latest handler. */
export function useMagpieEvent<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): void {
  const onEvent = useEffectEvent(handler)
  useEffect(() => window.magpie.on(event, (payload) => onEvent(payload)), [event])
}
