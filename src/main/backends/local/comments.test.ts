import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps, createClock, createPost, logIn, signUp, startApp, storeSnapshot, type TestApp } from '../../../../tests/support/main/test-app'
import { databaseOf } from '../../store/handle'

afterEach(cleanupTestApps)

const commentAlerts = (app: TestApp, postId: string) =>
  databaseOf(app.store).prepare("SELECT user_id, actor_id, comment_id FROM alerts WHERE post_id = ? AND type = 'comment'").all(postId) as {
    user_id: string
    actor_id: string
    comment_id: string
  }[]

/** Alice writes a post and signs out; Bob signs up and stays signed in. */
async function alicePostsBobReads(clock = createClock()) {
  const app = await startApp({ clock })
  const alice = await signUp(app, 'alice', { nickname: '앨리스' })
  const post = await createPost(app)
  await app.call('auth:logout')
  const bob = await signUp(app, 'bob', { nickname: '밥' })
  return { app, alice, bob, post }
}

describe('adding a comment', () => {
  it('stores the trimmed text and shows it as mine, counted on the post', async () => {
    const { app, bob, post } = await alicePostsBobReads()
    const comment = await app.call('comments:add', { postId: post.id, text: '  멋진 사진이에요!\n ' })
    expect(comment).toMatchObject({ postId: post.id, text: '멋진 사진이에요!', mine: true, author: { id: bob.user.id, nickname: '밥', avatar: null } })
    expect((await app.call('comments:list', { postId: post.id })).comments).toEqual([comment])
    expect((await app.call('posts:get', { id: post.id })).commentCount).toBe(1)
    expect(app.eventsOf('posts:changed')).toContainEqual({ postIds: [post.id], feed: false })
  })

  it('refuses blank text with commentRequired and text over 500 characters with commentTooLong', async () => {
    const { app, post } = await alicePostsBobReads()
    for (const text of ['', '    ', '\n\t']) {
      expect(await app.refused('comments:add', { postId: post.id, text })).toEqual({
        code: 'commentRequired',
        message: messages.commentRequired,
        field: 'text'
      })
    }
    expect(await app.refused('comments:add', { postId: post.id, text: '댓'.repeat(501) })).toEqual({
      code: 'commentTooLong',
      message: messages.commentTooLong,
      field: 'text'
    })
    expect((await app.call('posts:get', { id: post.id })).commentCount).toBe(0)
    expect((await app.call('comments:add', { postId: post.id, text: ` ${'댓'.repeat(500)} ` })).text).toHaveLength(500)
  })

  it('needs a signed-in user: loginFirstComment, and nothing changes', async () => {
    const { app, post } = await alicePostsBobReads()
    await app.call('auth:logout')
    const before = storeSnapshot(app.store)
    expect(await app.refused('comments:add', { postId: post.id, text: '안녕하세요' })).toEqual({
      code: 'loginFirstComment',
      message: messages.loginFirstComment
    })
    expect(storeSnapshot(app.store)).toEqual(before)
  })

  it('answers notFound for a post that does not exist', async () => {
    const { app } = await alicePostsBobReads()
    expect((await app.refused('comments:add', { postId: 'missing', text: '글' })).code).toBe('notFound')
    expect((await app.refused('comments:list', { postId: 'missing' })).code).toBe('notFound')
  })

  it('alerts the post’s author when someone else comments, never the commenter on their own post', async () => {
    const { app, alice, bob, post } = await alicePostsBobReads()
    const comment = await app.call('comments:add', { postId: post.id, text: '좋네요' })
    expect(commentAlerts(app, post.id)).toEqual([{ user_id: alice.user.id, actor_id: bob.user.id, comment_id: comment.id }])

    await app.call('auth:logout')
    await logIn(app, alice)
    await app.call('comments:add', { postId: post.id, text: '감사합니다' })
    expect(commentAlerts(app, post.id)).toHaveLength(1)
    const alerts = await app.call('alerts:list')
    expect(alerts.alerts.map((a) => [a.type, a.text, a.commentWords])).toEqual([['comment', '밥님이 회원님의 게시글에 댓글을 남겼어요', '좋네요']])
  })
})

describe('the comment list', () => {
  it('pages oldest first, 20 at a time, with no duplicate or gap while new comments arrive', async () => {
    const { app, post } = await alicePostsBobReads()
    const written: string[] = []
    for (let i = 0; i < 41; i++) written.push((await app.call('comments:add', { postId: post.id, text: `댓글 ${i}` })).id)

    const first = await app.call('comments:list', { postId: post.id })
    expect(first.comments.map((c) => c.id)).toEqual(written.slice(0, 20))
    expect(first.nextCursor).not.toBeNull()
    written.push((await app.call('comments:add', { postId: post.id, text: '새 댓글' })).id)
    const second = await app.call('comments:list', { postId: post.id, cursor: first.nextCursor })
    expect(second.comments.map((c) => c.id)).toEqual(written.slice(20, 40))
    const third = await app.call('comments:list', { postId: post.id, cursor: second.nextCursor })
    expect(third.comments.map((c) => c.id)).toEqual(written.slice(40))
    expect(third.nextCursor).toBeNull()
  })

  it('has no more page when exactly 20 comments exist', async () => {
    const { app, post } = await alicePostsBobReads()
    for (let i = 0; i < 20; i++) await app.call('comments:add', { postId: post.id, text: `댓글 ${i}` })
    const page = await app.call('comments:list', { postId: post.id })
    expect(page.comments).toHaveLength(20)
    expect(page.nextCursor).toBeNull()
  })

  it('keeps comments written in the same millisecond in a stable order across pages', async () => {
    const clock = createClock()
    const { app, post } = await alicePostsBobReads(clock)
    clock.step = 0
    const ids: string[] = []
    for (let i = 0; i < 25; i++) ids.push((await app.call('comments:add', { postId: post.id, text: `동시 ${i}` })).id)
    const first = await app.call('comments:list', { postId: post.id })
    const second = await app.call('comments:list', { postId: post.id, cursor: first.nextCursor })
    expect([...first.comments, ...second.comments].map((c) => c.id)).toEqual([...ids].sort())
  })

  it('shows only the post’s own comments, each marked mine for its author only, and is readable by visitors', async () => {
    const { app, alice, post } = await alicePostsBobReads()
    const other = await createPost(app, '다른 글')
    await app.call('comments:add', { postId: other.id, text: '다른 글 댓글' })
    const bobs = await app.call('comments:add', { postId: post.id, text: '밥의 댓글' })
    await app.call('auth:logout')
    await logIn(app, alice)
    await app.call('comments:add', { postId: post.id, text: '앨리스의 댓글' })

    const asAlice = (await app.call('comments:list', { postId: post.id })).comments
    expect(asAlice.map((c) => [c.text, c.mine])).toEqual([
      ['밥의 댓글', false],
      ['앨리스의 댓글', true]
    ])
    await app.call('auth:logout')
    const asVisitor = (await app.call('comments:list', { postId: post.id })).comments
    expect(asVisitor.map((c) => c.mine)).toEqual([false, false])
    expect(asVisitor[0]).toEqual({ ...bobs, mine: false })
  })

  it('restarts at the first page for a forged cursor', async () => {
    const { app, post } = await alicePostsBobReads()
    for (let i = 0; i < 3; i++) await app.call('comments:add', { postId: post.id, text: `댓글 ${i}` })
    const first = await app.call('comments:list', { postId: post.id })
    expect(await app.call('comments:list', { postId: post.id, cursor: 'forged!!' })).toEqual(first)
  })
})

describe('deleting a comment', () => {
  it('is for its author: removes it, its count and its alert', async () => {
    const { app, alice, post } = await alicePostsBobReads()
    const kept = await app.call('comments:add', { postId: post.id, text: '남길 댓글' })
    const doomed = await app.call('comments:add', { postId: post.id, text: '지울 댓글' })
    expect(commentAlerts(app, post.id)).toHaveLength(2)

    expect(await app.call('comments:delete', { id: doomed.id })).toEqual({ id: doomed.id, postId: post.id })
    expect((await app.call('comments:list', { postId: post.id })).comments.map((c) => c.id)).toEqual([kept.id])
    expect((await app.call('posts:get', { id: post.id })).commentCount).toBe(1)
    expect(commentAlerts(app, post.id).map((a) => a.comment_id)).toEqual([kept.id])

    await app.call('auth:logout')
    await logIn(app, alice)
    expect((await app.call('alerts:list')).count).toBe(1)
    expect((await app.refused('comments:delete', { id: doomed.id })).code).toBe('commentNotFound')
  })

  it('is refused to anyone else, the post’s author included, and to visitors, with onlyCommentAuthorDelete', async () => {
    const { app, alice, post } = await alicePostsBobReads()
    const comment = await app.call('comments:add', { postId: post.id, text: '내 댓글' })
    const refusal = { code: 'onlyCommentAuthorDelete', message: messages.onlyCommentAuthorDelete }

    await app.call('auth:logout')
    const before = storeSnapshot(app.store)
    expect(await app.refused('comments:delete', { id: comment.id })).toEqual(refusal)
    await logIn(app, alice)
    const signedIn = storeSnapshot(app.store)
    expect(await app.refused('comments:delete', { id: comment.id })).toEqual(refusal)
    expect(storeSnapshot(app.store)).toEqual(signedIn)
    expect(signedIn.comments).toEqual(before.comments)
    expect(signedIn.alerts).toEqual(before.alerts)
  })
})
