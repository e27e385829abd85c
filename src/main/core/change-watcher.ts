import type { Store } from '../store'
import type { ChangeRow } from '../store/changes-store'

/**
 * Notices every commit to the store, this process's or another app copy's, and hands
 * the new change-log rows on. Own writes call poll() right after they commit; other
 * processes' commits show up as a new PRAGMA data_version, checked every intervalMs.
 */
export function createChangeWatcher(store: Store, onChanges: (rows: ChangeRow[]) => void, intervalMs = 150) {
  let lastSeq = store.changes.bounds().hi
  let lastVersion = store.dataVersion()
  let timer: NodeJS.Timeout | null = null
  let polls = 0

  function poll(): void {
    const { lo } = store.changes.bounds()
    if (lo > lastSeq + 1) lastSeq = lo - 1 // rows we never saw were pruned; carry on from what is there
    for (;;) {
      const rows = store.changes.since(lastSeq)
      if (rows.length === 0) return
      lastSeq = rows.at(-1)!.seq
      onChanges(rows)
    }
  }

  function tick(): void {
    const version = store.dataVersion()
    if (version !== lastVersion) {
      lastVersion = version
      poll()
    }
    // Now and then, keep the log from growing without end.
    // Through the write queue: another copy holding the write lock must not stall this timer.
    if (++polls % 2000 === 0) store.transaction(() => store.changes.prune()).catch((error: unknown) => console.error('change watcher: prune', error))
  }

  return {
    poll,
    start(): void {
      timer ??= setInterval(() => {
        try {
          tick()
        } catch (error) {
          console.error('change watcher', error)
        }
      }, intervalMs)
      timer.unref()
    },
    stop(): void {
      if (timer) clearInterval(timer)
      timer = null
    }
  }
}

export type ChangeWatcher = ReturnType<typeof createChangeWatcher>
