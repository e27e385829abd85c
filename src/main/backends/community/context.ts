import type { Emit } from '../../core/live-events'
import type { ServiceContext } from '../../core/context'
import type { MirrorStore } from '../../store/mirror/mirror-store'
import type { FirebasePorts } from '../../firebase/ports'

/** What every community service is built from: a mirror store's context plus the project. */
export interface CommunityContext extends ServiceContext {
  ports: FirebasePorts
  mirror: MirrorStore
  emit: Emit
  /** Alerts mirrored from the list as it was when its listener started: old news, never notified. */
  silentAlerts: Set<string>
  /** Publishes what the last mirror writes changed (the change watcher's poll). */
  published(): void
  /** Runs work off the caller's path (snapshots, downloads, scans); failures are logged. */
  background(label: string, work: () => Promise<unknown>): void
}

/**
 * One listener's snapshots, applied one at a time in the order they came, off the caller's path:
 * each returned call queues `work` behind the last one's (a failure does not stop the next).
 */
export function inOrder(ctx: Pick<CommunityContext, 'background'>) {
  let chain: Promise<unknown> = Promise.resolve()
  return (label: string, work: () => Promise<unknown> | void): void => {
    const next = chain.then(work)
    chain = next.catch(() => {})
    ctx.background(label, () => next)
  }
}

/** Tracks background work so `idle` can wait for it (tests) and `close` can let it finish. */
export function createBackgroundWork() {
  const running = new Set<Promise<unknown>>()
  return {
    run(label: string, work: () => Promise<unknown>): void {
      const task = Promise.resolve()
        .then(work)
        .catch((error: unknown) => console.warn(`[community] ${label}:`, error instanceof Error ? error.message : error))
        .finally(() => running.delete(task))
      running.add(task)
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running])
    }
  }
}
