import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupTestApps, createPost, signUp, startApp, tempDir } from '../../../../tests/support/main/test-app'
import { createStore, type Store } from '../index'
import { createMirrorStore, type MirrorStore } from './mirror-store'
import { databaseOf } from '../handle'

const stores: Store[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) store.close()
  await cleanupTestApps()
})

let ids = 0
const newId = (): string => `id-${++ids}`

/** A mirror store holding one post, as the community writer leaves it. */
async function mirroredPost(): Promise<{ store: Store; mirror: MirrorStore; postId: string }> {
  const store = createStore(join(await tempDir(), 'magpie.db'), { synchronous: 'NORMAL' })
  stores.push(store)
  const mirror = createMirrorStore(databaseOf(store))
  const postId = 'post-1'
  await store.transaction(() => {
    const authorId = mirror.person({ email: 'author@example.com', nickname: '작가' }, newId, 1)
    const imageId = mirror.remoteImage('https://firebasestorage.googleapis.com/v0/b/x/o/postImg%2F1', 'post', newId, 1)
    mirror.upsertPost({ id: postId, authorId, authorUid: 'uid', text: '글', layout: 'Top', imageId, createdAt: 1, ordered: true, postDate: '' }, 1)
  })
  return { store, mirror, postId }
}

const commentCount = (store: Store, postId: string): number | undefined => store.posts.counts(postId)?.commentCount
/** The change rows that tell views a post's comments changed, since `seq`. */
const commentChanges = (store: Store, postId: string, seq: number): number =>
  store.changes.since(seq).filter((row) => row.kind === 'comments' && row.postId === postId).length

describe("a mirrored post's comment count (migration 4)", () => {
  it("takes Firebase's count, and the change log hears of it once; the same count again changes and logs nothing", async () => {
    const { store, mirror, postId } = await mirroredPost()
    const seq = store.changes.bounds().hi
    await store.transaction(() => mirror.setCommentCount(postId, 7, 10))
    expect(commentCount(store, postId)).toBe(7)
    expect(commentChanges(store, postId, seq)).toBe(1)

    const after = store.changes.bounds().hi
    await store.transaction(() => mirror.setCommentCount(postId, 7, 10))
    expect(store.changes.bounds().hi).toBe(after)
    await store.transaction(() => mirror.setCommentCount('no-such-post', 3, 10))
    expect(store.changes.bounds().hi).toBe(after)
  })

  it('becomes the mirrored comments once a snapshot of all of them is in, and moves by one with each after', async () => {
    const { store, mirror, postId } = await mirroredPost()
    await store.transaction(() => mirror.setCommentCount(postId, 2, 10))
    const authorId = mirror.personId('author@example.com')!
    // The first snapshot of the post's comments: its two comments arrive on top of the counted two.
    await store.transaction(() => {
      mirror.upsertComment({ id: 'c1', postId, authorId, text: '하나', createdAt: 2 })
      mirror.upsertComment({ id: 'c2', postId, authorId, text: '둘', createdAt: 3 })
      mirror.countMirroredComments(postId, 20)
    })
    expect(commentCount(store, postId)).toBe(2)

    await store.transaction(() => mirror.upsertComment({ id: 'c3', postId, authorId, text: '셋', createdAt: 4 }))
    expect(commentCount(store, postId)).toBe(3)
    await store.transaction(() => mirror.removeComment('c1'))
    expect(commentCount(store, postId)).toBe(2)

    // A snapshot that changes nothing writes nothing.
    const seq = store.changes.bounds().hi
    await store.transaction(() => mirror.countMirroredComments(postId, 30))
    expect(store.changes.bounds().hi).toBe(seq)
  })

  it('knows when it was counted and whether it holds every comment; a count that disagrees makes it not whole (migration 6)', async () => {
    const { store, mirror, postId } = await mirroredPost()
    expect(mirror.commentsState(postId)).toEqual({ count: 0, countedAt: null, wholeSince: null })
    const authorId = mirror.personId('author@example.com')!
    await store.transaction(() => {
      mirror.upsertComment({ id: 'c1', postId, authorId, text: '하나', createdAt: 2 })
      mirror.countMirroredComments(postId, 20)
    })
    expect(mirror.commentsState(postId)).toEqual({ count: 1, countedAt: 20, wholeSince: 20 })
    // A comment written after keeps it whole; an aggregation that agrees too, and says nothing of since when.
    await store.transaction(() => mirror.upsertComment({ id: 'c2', postId, authorId, text: '둘', createdAt: 3 }))
    await store.transaction(() => mirror.setCommentCount(postId, 2, 30))
    expect(mirror.commentsState(postId)).toEqual({ count: 2, countedAt: 30, wholeSince: 20 })
    // The server has one the mirror does not (written in another form, or before): no longer whole.
    await store.transaction(() => mirror.setCommentCount(postId, 3, 40))
    expect(mirror.commentsState(postId)).toEqual({ count: 3, countedAt: 40, wholeSince: null })
    expect(mirror.commentsState('no-such-post')).toBeNull()
  })

  it('local posts log their comments exactly as before: one change per comment', async () => {
    const app = await startApp()
    await signUp(app, 'alice')
    const post = await createPost(app, '로컬 글')
    const seq = app.store.changes.bounds().hi
    const comment = await app.call('comments:add', { postId: post.id, text: '하나' })
    await app.call('comments:add', { postId: post.id, text: '둘' })
    await app.call('comments:delete', { id: comment.id })
    expect(commentChanges(app.store, post.id, seq)).toBe(3)
    expect(commentCount(app.store, post.id)).toBe(1)
  })
})

describe('a mirrored post marked edited (수정됨)', () => {
  const edited = (store: Store, postId: string): boolean => {
    const post = store.posts.get(postId, null)!
    return post.updatedAt > post.createdAt
  }

  it('only when its text, layout or photo changes; its time settling (the server\'s, a clamp) is no edit', async () => {
    const { store, mirror, postId } = await mirroredPost()
    const row = mirror.postRemote(postId)!
    const again = (patch: { text?: string; createdAt?: number }, now: number) =>
      store.transaction(() =>
        mirror.upsertPost(
          { id: postId, authorId: row.authorId, authorUid: 'uid', text: patch.text ?? '글', layout: 'Top', imageId: row.imageId, createdAt: patch.createdAt ?? 1, ordered: true, postDate: '' },
          now
        )
      )
    await again({ createdAt: 0 }, 50)
    expect(edited(store, postId)).toBe(false)
    await again({ createdAt: 5 }, 60)
    expect(edited(store, postId)).toBe(false)
    // The web app's edit carries no marker: the mirror sees the text change.
    await again({ text: '고친 글', createdAt: 5 }, 70)
    expect(edited(store, postId)).toBe(true)
  })
})
