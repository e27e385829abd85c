import { useSyncExternalStore } from 'react'
import { formatFullDateTime, formatRelative } from '@shared/format'

/**
 * One clock for every date on screen: a single timer, running only while some <RelativeTime>
 * is mounted, moves "now" on each minute. Each <RelativeTime> subscribes on its own, so only
 * the dates re-render as time passes, never the feed or list around them.
 */
const listeners = new Set<() => void>()
let now = Date.now()
let timer: ReturnType<typeof setTimeout> | undefined

function tick(): void {
  now = Date.now()
  for (const listener of listeners) listener()
  schedule()
}

/** The next turn of the minute, so "1분 전" follows "방금 전" when a minute has really passed. */
function schedule(): void {
  timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50)
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now()
    schedule()
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) clearTimeout(timer)
  }
}

const getNow = () => now

export function RelativeTime({ at, className }: { at: number; className?: string }) {
  const current = useSyncExternalStore(subscribe, getNow)
  return (
    <time className={className} dateTime={new Date(at).toISOString()} title={formatFullDateTime(at)}>
      {formatRelative(at, current)}
    </time>
  )
}
