import { quickCheckInWorker } from './background-check'
import { checkedAtOpen, lockWaitMs, openDatabase, type Db, type OpenOptions, type SynchronousMode } from './database'
import { createAccountStore } from './account-store'
import { createAlertsStore } from './alerts-store'
import { backupIfDue, latestBackup } from './backups'
import { createChangesStore } from './changes-store'
import { createDeletionsStore } from './deletions-store'
import { createDraftsStore } from './drafts-store'
import { createCommentsStore } from './comments-store'
import { createControlsStore } from './controls-store'
import { isCorrupt, isDiskFull, StoreFault } from './faults'
import { createImagesStore } from './images-store'
import { databaseHandle, databaseOf } from './handle'
import { createLikesStore } from './likes-store'
import { createNotificationSettingsStore } from './notification-settings-store'
import { createMirrorStore, type MirrorStore } from './mirror/mirror-store'
import { createModerationStore } from './moderation-store'
import { createPostsStore } from './posts-store'
import { createSavedStore } from './saved-store'
import { createSearchStore } from './search-store'
import { createUsersStore } from './users-store'
import { createWriteQueue } from './write-queue'

/** The store: the only code that runs SQL. Services group calls with `transaction`. */
export function createStore(file: string, options: OpenOptions = {}) {
  const db = openDatabase(file, options)
  const writes = createWriteQueue({ maxWaitMs: options.lockWaitMs ?? lockWaitMs })
  let damaged: StoreFault | null = null

  /**
   * The first sign of damaged pages stops every write on this connection (query_only: SQLite
   * itself refuses them), so nothing more goes into a damaged file; reads of sound pages go on.
   */
  function markDamaged(cause: unknown): StoreFault {
    if (!damaged) {
      damaged = new StoreFault('storeDamaged', file, { cause, backup: latestBackup(file) })
      console.error(`[store] ${file} is damaged; writes stopped`, cause)
      db.pragma('query_only = ON')
    }
    return damaged
  }

  /** SQLite's errors about the file itself, as faults that name it. */
  function fault(error: unknown): unknown {
    if (damaged && !(error instanceof StoreFault)) return damaged
    if (isCorrupt(error)) return markDamaged(error)
    if (isDiskFull(error)) return new StoreFault('diskFull', file, { cause: error })
    return error
  }

  /** One attempt; SQLITE_BUSY passes through untouched so the queue can try again. */
  function runNow<T>(fn: () => T): T {
    if (damaged) throw damaged
    return db.transaction(fn).immediate()
  }

  function guard<T extends object>(methods: T): T {
    const guarded = {} as Record<string, unknown>
    for (const [name, method] of Object.entries(methods)) {
      guarded[name] =
        typeof method === 'function'
          ? (...args: unknown[]) => {
              try {
                return (method as (...a: unknown[]) => unknown)(...args)
              } catch (error) {
                throw fault(error)
              }
            }
          : method
    }
    return guarded as T
  }

  return {
    [databaseHandle]: db,
    file,
    users: guard(createUsersStore(db)),
    images: guard(createImagesStore(db)),
    posts: guard(createPostsStore(db)),
    search: guard(createSearchStore(db)),
    likes: guard(createLikesStore(db)),
    comments: guard(createCommentsStore(db)),
    alerts: guard(createAlertsStore(db)),
    notifications: guard(createNotificationSettingsStore(db)),
    changes: guard(createChangesStore(db)),
    controls: guard(createControlsStore(db)),
    moderation: guard(createModerationStore(db)),
    account: guard(createAccountStore(db)),
    deletions: guard(createDeletionsStore(db)),
    drafts: guard(createDraftsStore(db)),
    saved: guard(createSavedStore(db)),
    /**
     * Runs fn atomically (BEGIN IMMEDIATE takes the write lock up front so two processes never
     * deadlock) without holding up the event loop while another app copy holds the lock: the
     * whole of fn is tried again after a pause, in the order of the calls (write-queue.ts). fn
     * must be synchronous and may run more than once, so it only touches the store. Inside
     * another transaction it joins it at once.
     */
    transaction<T>(fn: () => T): Promise<T> {
      if (db.inTransaction) return Promise.resolve(runNow(fn))
      return writes.run(() => runNow(fn)).catch((error: unknown) => {
        throw fault(error)
      })
    },
    /**
     * The same, run at once and blocking: only for tools and tests that own the file (seeders),
     * never for main's services.
     */
    transactionSync<T>(fn: () => T): T {
      try {
        return runNow(fn)
      } catch (error) {
        throw fault(error)
      }
    },
    /** Writes of this process not yet done: waiting for another copy's lock, or behind one that is. */
    pendingWrites(): number {
      return writes.pending()
    },
    /** The damage found so far (a failed check or call), or null. */
    damage(): StoreFault | null {
      return damaged
    },
    /**
     * The quick check for stores too big to check at open (a worker thread reads the file):
     * found damage stops writes like a failed call. Resolves to the damage, or null.
     */
    async checkInBackground(): Promise<StoreFault | null> {
      if (checkedAtOpen(file)) return damaged
      const result = await quickCheckInWorker(file, options.nativeBinding)
      if (result !== 'ok') markDamaged(new Error(result))
      return damaged
    },
    /** A daily backup if one is due (never of a damaged store: it would replace a good copy). */
    async backupIfDue(now = Date.now()): Promise<string | null> {
      if (damaged) return null
      return backupIfDue(db, file, now)
    },
    /** Changes when another connection (another app copy) commits; see the change watcher. */
    dataVersion(): number {
      return db.pragma('data_version', { simple: true }) as number
    },
    close(): void {
      db.close()
    }
  }
}

export type Store = ReturnType<typeof createStore>
export type { Db, SynchronousMode }
export { StoreFault } from './faults'

/** The community mirror's tables (store/mirror) in a community's store: its SQL stays in the store. */
export function createMirror(store: Store): MirrorStore {
  return createMirrorStore(databaseOf(store))
}
