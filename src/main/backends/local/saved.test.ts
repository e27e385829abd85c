import { afterEach, describe, expect, it } from 'vitest'
import { limits } from '@shared/limits'
import { messages } from '@shared/messages'
import { cleanupTestApps, createPost, logIn, signUp, startApp } from '../../../../tests/support/main/test-app'

afterEach(cleanupTestApps)

describe('저장한 글 (local store)', () => {
  it('pages the saves last saved first, each page once, without a gap or a repeat', async () => {
    const app = await startApp()
    const writer = await signUp(app, 'writer', { nickname: '작가' })
    const posts: { id: string }[] = [await createPost(app, '글 0')]
    // The rest share the first one's photo, and all are saved in the order written, in the store
    // directly: processing a photo and a call each would only slow the test (saved:set has its own).
    const imageId = app.store.posts.get(posts[0]!.id, writer.user.id)!.photos[0]!.image.id
    await app.store.transaction(() => {
      for (let i = 1; i < limits.savedPageSize + 3; i++) {
        const id = `post-${i}`
        app.store.posts.insert({ id, authorId: writer.user.id, text: `글 ${i}`, layout: 'Top', photos: [{ imageId, alt: '' }], createdAt: app.clock.now() })
        posts.push({ id })
      }
      for (const post of posts) app.store.saved.add(writer.user.id, post.id, app.clock.now())
    })
    const first = await app.call('saved:list', { cursor: null })
    expect(first.posts).toHaveLength(limits.savedPageSize)
    expect(first.nextCursor).not.toBeNull()
    const second = await app.call('saved:list', { cursor: first.nextCursor })
    expect(second.nextCursor).toBeNull()
    expect([...first.posts, ...second.posts].map((p) => p.id)).toEqual(posts.map((p) => p.id).reverse())
    expect(first.posts[0]).toMatchObject({ text: `글 ${posts.length - 1}`, mine: true })
    expect((await app.call('saved:ids')).ids).toEqual(posts.map((p) => p.id).reverse())
  })

  it('each saved post carries when it was saved (저장한 날), not when it was written', async () => {
    const app = await startApp()
    await signUp(app, 'reader', { nickname: '독자' })
    const post = await createPost(app, '사흘 전에 쓴 글')
    const written = app.store.posts.get(post.id, null)!.createdAt
    app.clock.advance(3 * 24 * 60 * 60 * 1000)
    const savedFrom = app.clock.t
    await app.call('saved:set', { postId: post.id, saved: true })
    const [shown] = (await app.call('saved:list', { cursor: null })).posts
    expect(shown!.createdAt).toBe(written)
    expect(shown!.savedAt).toBeGreaterThanOrEqual(savedFrom)
    expect(shown!.savedAt - written).toBeGreaterThanOrEqual(3 * 24 * 60 * 60 * 1000)
  })

  it('leaves out a hidden person\'s posts and refuses to save them; a deleted post leaves the list', async () => {
    const app = await startApp()
    const bob = await signUp(app, 'bob', { nickname: '밥' })
    const bobPost = await createPost(app, '밥의 글')
    const gone = await createPost(app, '지울 글')
    await app.call('auth:logout')
    const alice = await signUp(app, 'alice', { nickname: '앨리스' })
    await app.call('saved:set', { postId: bobPost.id, saved: true })
    await app.call('saved:set', { postId: gone.id, saved: true })
    await app.call('auth:logout')
    await logIn(app, bob)
    await app.call('posts:delete', { id: gone.id })
    await app.call('auth:logout')
    await logIn(app, alice)
    expect((await app.call('saved:ids')).ids).toEqual([bobPost.id])
    await app.call('blocks:set', { personId: bob.user.id, blocked: true })
    expect((await app.call('saved:list', { cursor: null })).posts).toEqual([])
    await app.call('saved:set', { postId: bobPost.id, saved: false })
    expect(await app.refused('saved:set', { postId: bobPost.id, saved: true })).toEqual({ code: 'postHidden', message: messages.postHidden })
  })

  it('keeps at most limits.savedMax saves per person: one more is refused, saving a saved one again is not', async () => {
    const app = await startApp()
    const writer = await signUp(app, 'keeper', { nickname: '수집가' })
    const extra = await createPost(app, '하나 더')
    const imageId = app.store.posts.get(extra.id, writer.user.id)!.photos[0]!.image.id
    await app.store.transaction(() => {
      for (let i = 0; i < limits.savedMax; i++) {
        app.store.posts.insert({ id: `kept-${i}`, authorId: writer.user.id, text: `글 ${i}`, layout: 'Top', photos: [{ imageId, alt: '' }], createdAt: app.clock.now() })
        app.store.saved.add(writer.user.id, `kept-${i}`, app.clock.now())
      }
    })
    expect(await app.refused('saved:set', { postId: extra.id, saved: true })).toEqual({ code: 'savedTooMany', message: messages.savedTooMany })
    expect((await app.call('saved:set', { postId: 'kept-0', saved: true })).ids).toHaveLength(limits.savedMax)
  })
})
