import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { cleanupTestApps, tempDir } from '../../../../tests/support/main/test-app'
import { databaseOf } from '../handle'
import { createStore, type Store } from '../index'
import { createMirrorAlerts } from './alerts'
import { createMirrorComments } from './comments'
import { createMirrorImages } from './images'
import { createMirrorLikes } from './likes'
import { createMirrorOthers } from './others'
import { createMirrorPeople } from './people'
import { createMirrorPosts } from './posts'
import { createMirrorStore } from './mirror-store'
import { createMirrorSyncState } from './sync-state'

const stores: Store[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) store.close()
  await cleanupTestApps()
})

it('the mirror store is its parts, one per table, none shadowing another', async () => {
  const store = createStore(join(await tempDir(), 'magpie.db'), { synchronous: 'NORMAL' })
  stores.push(store)
  const db = databaseOf(store)
  const parts = [createMirrorPeople, createMirrorPosts, createMirrorLikes, createMirrorComments, createMirrorAlerts, createMirrorImages, createMirrorSyncState, createMirrorOthers]
  const names = parts.flatMap((part) => Object.keys(part(db)))
  // The store spreads its parts together: a name two parts share would silently lose one method.
  expect(new Set(names).size).toBe(names.length)
  expect(Object.keys(createMirrorStore(db)).sort()).toEqual([...names].sort())
})
