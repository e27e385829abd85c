import { openDatabase, type Db, type OpenOptions } from './database'
import { createAlertsStore } from './alerts-store'
import { createChangesStore } from './changes-store'
import { createCommentsStore } from './comments-store'
import { createImagesStore } from './images-store'
import { createLikesStore } from './likes-store'
import { createPostsStore } from './posts-store'
import { createUsersStore } from './users-store'

/** The store: the only code that runs SQL. Services group calls with `transaction`. */
export function createStore(file: string, options: OpenOptions = {}) {
  const db = openDatabase(file, options)
  return {
    db,
    users: createUsersStore(db),
    images: createImagesStore(db),
    posts: createPostsStore(db),
    likes: createLikesStore(db),
    comments: createCommentsStore(db),
    alerts: createAlertsStore(db),
    changes: createChangesStore(db),
    /** Runs fn atomically; BEGIN IMMEDIATE takes the write lock up front so two processes never deadlock. */
    transaction<T>(fn: () => T): T {
      return db.transaction(fn).immediate()
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
export type { Db }
