import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { createLocalComments } from '../../../src/main/backends/local/comments'
import type { ServiceContext } from '../../../src/main/core/context'
import { createLocalLikes } from '../../../src/main/backends/local/likes'
import { createViews } from '../../../src/main/core/mappers'
import { createStore } from '../../../src/main/store'

/**
 * The store in dataDir with the real likes and comments services on it, as another process of
 * the app writes through them (store-writer.ts, crash-writer.ts).
 */
export function openWriterServices(dataDir: string, storeOptions: Parameters<typeof createStore>[1]) {
  const store = createStore(join(dataDir, 'magpie.db'), storeOptions)
  const ctx: ServiceContext = {
    store,
    imagesDir: join(dataDir, 'images'),
    mediaUrl: (file) => '/media/' + file,
    now: Date.now,
    newId: randomUUID,
    scrypt: { N: 1024, r: 8, p: 1 }
  }
  const views = createViews(ctx.mediaUrl, (id) => ctx.store.users.identity(id))
  return { store, likes: createLocalLikes(ctx, views), comments: createLocalComments(ctx, views) }
}
