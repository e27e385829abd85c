import { afterEach, describe, expect, it, vi } from 'vitest'
import { join } from 'node:path'
import { createStore, type Store } from '../store'
import type { ChangeRow } from '../store/changes-store'
import { cleanupTestApps, createPost, insertUsers, signUp, startApp, tempDir, writeTogether } from '../../../tests/support/main/test-app'
import { createChangeWatcher } from './change-watcher'
import { databaseOf } from '../store/handle'

const stores: Store[] = []
afterEach(async () => {
  stores.splice(0).forEach((s) => s.close())
  await cleanupTestApps()
})

async function openStore(dir: string): Promise<Store> {
  const store = createStore(join(dir, 'magpie.db'), { synchronous: 'NORMAL' })
  stores.push(store)
  return store
}

function addUser(store: Store, id: string): void {
  store.users.insert({ id, email: `${id}@example.com`, nickname: id, passwordHash: 'x', avatarId: null, createdAt: 1 })
}

describe('the change watcher', () => {
  it('hands on this connection’s commits when polled, once each, starting after what existed', async () => {
    const store = await openStore(await tempDir())
    addUser(store, 'before')
    const seen: ChangeRow[] = []
    const watcher = createChangeWatcher(store, (rows) => seen.push(...rows))
    databaseOf(store).prepare("INSERT INTO changes (kind, post_id) VALUES ('post_added', 'p1')").run()
    databaseOf(store).prepare("INSERT INTO changes (kind, post_id) VALUES ('post_removed', 'p1')").run()
    watcher.poll()
    watcher.poll()
    expect(seen.map((r) => [r.kind, r.postId])).toEqual([
      ['post_added', 'p1'],
      ['post_removed', 'p1']
    ])
  })

  it('notices another connection’s commit through PRAGMA data_version while running, and stops when told', async () => {
    const dir = await tempDir()
    const mine = await openStore(dir)
    const other = await openStore(dir)
    const seen: ChangeRow[] = []
    const watcher = createChangeWatcher(mine, (rows) => seen.push(...rows), 10)
    watcher.start()
    databaseOf(other).prepare("INSERT INTO changes (kind, post_id) VALUES ('post_added', 'from-other')").run()
    await vi.waitFor(() => expect(seen.map((r) => r.postId)).toEqual(['from-other']), { timeout: 2000, interval: 10 })

    watcher.stop()
    databaseOf(other).prepare("INSERT INTO changes (kind, post_id) VALUES ('post_added', 'after-stop')").run()
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(seen.map((r) => r.postId)).toEqual(['from-other'])
    watcher.poll()
    expect(seen.map((r) => r.postId)).toEqual(['from-other', 'after-stop'])
  })

  it('sees a like and a comment committed by another process within a second or so', async () => {
    const dir = await tempDir()
    const store = await openStore(dir)
    addUser(store, 'author')
    store.images.insert({ id: 'img', ownerId: 'author', purpose: 'post', width: 1, height: 1, placeholder: '', variants: [], attached: false, createdAt: 1 })
    store.posts.insert({ id: 'post-1', authorId: 'author', text: '글', layout: 'Top', photos: [{ imageId: 'img', alt: '' }], createdAt: 1 })
    addUser(store, 'visitor')
    const seen: ChangeRow[] = []
    const watcher = createChangeWatcher(store, (rows) => seen.push(...rows), 50)
    watcher.start()

    await writeTogether(dir, [
      { action: 'like', postId: 'post-1', userIds: ['visitor'] },
      { action: 'comment', postId: 'post-1', userId: 'visitor', text: '다른 프로세스에서' }
    ])
    await vi.waitFor(
      () => {
        expect(seen.filter((r) => r.kind === 'alert_added' && r.userId === 'author')).toHaveLength(2)
        expect(seen.map((r) => r.kind)).toEqual(expect.arrayContaining(['likes', 'comments']))
      },
      { timeout: 3000, interval: 20 }
    )
    watcher.stop()
  }, 15_000)
})

describe('a running app copy and another process on the same store', () => {
  it('the other process’s like and comment reach the user as notifications and badge', async () => {
    const app = await startApp()
    await signUp(app, 'alice', { nickname: '앨리스' })
    const post = await createPost(app)
    const [visitor] = insertUsers(app.store, 1, '방문자')

    await writeTogether(app.dataDir, [
      { action: 'like', postId: post.id, userIds: [visitor!] },
      { action: 'comment', postId: post.id, userId: visitor!, text: '안녕하세요' }
    ])

    await vi.waitFor(
      () => {
        expect(app.desktop.recording.badge).toBe(2)
        expect(app.desktop.recording.notifications.map((n) => n.body).sort()).toEqual([
          '방문자-0님이 댓글을 남겼어요: 안녕하세요',
          '방문자-0님이 회원님의 게시글을 좋아해요'
        ])
      },
      { timeout: 3000, interval: 20 }
    )
    expect(app.desktop.recording.notifications.every((n) => n.title === '까치' && n.route.startsWith(`/detail/${post.id}`))).toBe(true)
    expect(await app.call('posts:get', { id: post.id })).toMatchObject({ likeCount: 1, commentCount: 1 })
  }, 15_000)
})
