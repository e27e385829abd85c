import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { setImmediate as turn, setTimeout as sleep } from 'node:timers/promises'
import { messages } from '@shared/messages'
import { callFault } from '../core/faults'
import { createLocalLikes } from '../backends/local/likes'
import { createViews } from '../core/mappers'
import { cleanupTestApps, createPost, signUp, startApp, storeSnapshot, tempDir } from '../../../tests/support/main/test-app'
import { createStore } from '.'

afterEach(cleanupTestApps)

/** Another app copy's connection holding SQLite's write lock until `release`. */
function holdWriteLock(file: string) {
  const other = new Database(file)
  other.exec('BEGIN IMMEDIATE')
  return {
    release() {
      other.exec('COMMIT')
      other.close()
    }
  }
}

describe('while another app copy holds the write lock (docs/decisions/013-lock-waits.md)', () => {
  it('reads answer, the event loop turns, writes wait in order and succeed once the lock is released', async () => {
    const app = await startApp()
    await signUp(app, 'alice')
    const post = await createPost(app)
    const lock = holdWriteLock(join(app.dataDir, 'magpie.db'))

    const settled: string[] = []
    const like = app.call('likes:set', { postId: post.id, liked: true }).finally(() => settled.push('like'))
    const unlike = app.call('likes:set', { postId: post.id, liked: false }).finally(() => settled.push('unlike'))
    const likeAgain = app.call('likes:set', { postId: post.id, liked: true }).finally(() => settled.push('like again'))
    // A blocked main thread would have run no callback before the writes settled.
    await turn()
    await sleep(30)
    expect(settled).toEqual([])
    expect(app.store.pendingWrites()).toBe(3)
    const feed = await app.call('posts:feed', {})
    expect(feed.posts.map((p) => [p.id, p.likeCount])).toEqual([[post.id, 0]])
    expect(settled).toEqual([])

    lock.release()
    expect(await like).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
    expect(await unlike).toEqual({ postId: post.id, likeCount: 0, likedByMe: false })
    expect(await likeAgain).toEqual({ postId: post.id, likeCount: 1, likedByMe: true })
    expect(settled).toEqual(['like', 'unlike', 'like again'])
    expect(app.store.pendingWrites()).toBe(0)
    expect((await app.call('posts:get', { id: post.id })).likeCount).toBe(1)
  })

  it('a write whose lock is never released gives up with the catalog message and changes nothing', async () => {
    const app = await startApp()
    const alice = await signUp(app, 'alice')
    const post = await createPost(app)
    app.close()
    const file = join(app.dataDir, 'magpie.db')
    const store = createStore(file, { lockWaitMs: 150 })
    try {
      const before = storeSnapshot(store)
      const lock = holdWriteLock(file)
      // Set before the call: a write that blocked main would settle before this ran.
      let turned = false
      setImmediate(() => (turned = true))
      const like = createLocalLikes({ store, imagesDir: join(await tempDir(), 'images'), mediaUrl: (f) => f, now: Date.now, newId: () => 'like-alert', scrypt: { N: 1024, r: 8, p: 1 } }, createViews((f) => f, (id) => store.users.identity(id)))
        .set(alice.user.id, post.id, true)
        .catch((error: unknown) => error)
      const error = await like
      lock.release()
      expect(turned).toBe(true)
      expect(callFault(error)?.toShape()).toEqual({ code: 'tooManyRequests', message: messages.tooManyRequests })
      expect(storeSnapshot(store)).toEqual(before)
    } finally {
      store.close()
    }
  })
})
