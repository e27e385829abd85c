import type { Db } from '../database'
import { createMirrorAlerts } from './alerts'
import { createMirrorComments } from './comments'
import { createMirrorImages } from './images'
import { createMirrorLikes } from './likes'
import { createMirrorOthers } from './others'
import { createMirrorPeople } from './people'
import { createMirrorPosts } from './posts'
import { createMirrorSyncState } from './sync-state'

export type { PersonUpsert } from './people'
export type { PostRemote, PostUpsert } from './posts'
export type { RemoteImage } from './images'

/**
 * The SQL only community mode needs, on a mirror store (same schema, migration 3's columns):
 * upserts that change a row only when the document changed (so the change log, and with it
 * the renderer's events, only hears of real changes), reconciling sets (likes, comments,
 * alerts) to what a snapshot says, and the image cache's bookkeeping. One part per table it
 * keeps, as the local store is split.
 */
export function createMirrorStore(db: Db) {
  return {
    ...createMirrorPeople(db),
    ...createMirrorPosts(db),
    ...createMirrorLikes(db),
    ...createMirrorComments(db),
    ...createMirrorAlerts(db),
    ...createMirrorImages(db),
    ...createMirrorSyncState(db),
    ...createMirrorOthers(db)
  }
}

export type MirrorStore = ReturnType<typeof createMirrorStore>
