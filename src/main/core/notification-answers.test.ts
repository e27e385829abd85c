import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps, createPost, signUp, startApp } from '../../../tests/support/main/test-app'
import { answerRecipient } from './notification-answers'

afterEach(cleanupTestApps)

const soon = { timeout: 2000, interval: 20 }

/** Alice's copy in the background, her post, and Bob's comment on it: Alice's notification to answer. */
async function commented() {
  const a = await startApp()
  const alice = await signUp(a, 'alice', { nickname: '앨리스' })
  const post = await createPost(a, '앨리스의 글')
  const b = await startApp({ dataDir: a.dataDir, clock: a.clock })
  await signUp(b, 'bob', { nickname: '밥' })
  a.desktop.setFocused(false)
  await b.call('comments:add', { postId: post.id, text: '멋져요' })
  await vi.waitFor(() => expect(a.desktop.recording.notifications).toHaveLength(1), soon)
  const target = a.desktop.recording.notifications[0]!.answer!
  return { a, b, alice, post, target }
}

describe('answering a comment’s notification', () => {
  it('a comment’s notification can be answered, for its recipient; a like’s cannot', async () => {
    const { a, b, alice, post, target } = await commented()
    expect(target).toEqual({ postId: post.id, recipient: answerRecipient(alice.user.id) })
    expect(target.recipient).toMatch(/^[0-9a-f]{16}$/)
    await b.call('likes:set', { postId: post.id, liked: true })
    await vi.waitFor(() => expect(a.desktop.recording.notifications).toHaveLength(2), soon)
    expect(a.desktop.recording.notifications[1]!.answer).toBeNull()
  })

  it('좋아요 likes the post and 답글 comments on it, as the person the notification was for', async () => {
    const { a, b, post, target } = await commented()
    await a.magpie.answerNotification({ ...target, kind: 'like' })
    expect((await b.call('posts:get', { id: post.id })).likeCount).toBe(1)
    await a.magpie.answerNotification({ ...target, kind: 'reply', text: '고마워요' })
    const comments = (await b.call('comments:list', { postId: post.id })).comments
    expect(comments.map((c) => [c.text, c.author.nickname])).toEqual([
      ['멋져요', '밥'],
      ['고마워요', '앨리스']
    ])
    // Nothing told: they went through.
    expect(a.desktop.recording.notifications).toHaveLength(1)
  })

  it('is refused as the page refuses it: a blank or too long 답글 waits in the comment box, a deleted post says so', async () => {
    const { a, post, target } = await commented()
    await a.magpie.answerNotification({ ...target, kind: 'reply', text: '   ' })
    await a.magpie.answerNotification({ ...target, kind: 'reply', text: '가'.repeat(501) })
    await a.call('posts:delete', { id: post.id })
    await a.magpie.answerNotification({ ...target, kind: 'like' })
    const told = a.desktop.recording.notifications.slice(1)
    expect(told.map((n) => n.body)).toEqual([
      `${messages.commentRequired} ${messages.answerReplyKept}`,
      `${messages.commentTooLong} ${messages.answerReplyKept}`,
      messages.notFound
    ])
    expect(told.every((n) => n.route === `/detail/${post.id}` && n.answer === null)).toBe(true)
    expect(a.eventsOf('comments:replyKept')).toEqual([
      { postId: post.id, text: '   ' },
      { postId: post.id, text: '가'.repeat(501) }
    ])
    expect((await a.call('comments:list', { postId: post.id }).catch(() => ({ comments: [] }))).comments).toHaveLength(0)
  })

  it('sends nothing when the person it was for is not the one signed in now, and keeps no text for another', async () => {
    const { a, b, post, target } = await commented()
    await a.call('auth:logout')
    await a.magpie.answerNotification({ ...target, kind: 'reply', text: '로그아웃 뒤' })
    await signUp(a, 'carol', { nickname: '캐롤' })
    await a.magpie.answerNotification({ ...target, kind: 'like' })
    expect(a.desktop.recording.notifications.slice(1).map((n) => n.body)).toEqual([messages.answerOtherAccount, messages.answerOtherAccount])
    expect(a.eventsOf('comments:replyKept')).toEqual([])
    expect((await b.call('posts:get', { id: post.id })).likeCount).toBe(0)
    expect((await b.call('comments:list', { postId: post.id })).comments).toHaveLength(1)
    // A forged recipient is anyone's but Carol's.
    await a.magpie.answerNotification({ postId: post.id, recipient: '0123456789abcdef', kind: 'like' })
    expect((await b.call('posts:get', { id: post.id })).likeCount).toBe(0)
  })
})
