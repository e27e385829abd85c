/** Answers from notifications in both backends, each refused for the reason the page is given (ported from the notify branch). */
import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import type { NativeNotification, NotificationAnswer } from '../desktop-port'
import { cleanupTestApps, createPost, logIn, signUp, startApp, type Account, type AppHarness } from '../../../tests/support/main/test-app'
import { aliceAndBob, cleanupCommunityApps, write } from '../../../tests/support/main/community-app'
import { answerRecipient } from './notification-answers'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** The answers of `app`, and the Korean notifications they raised (those after this point). */
function answering(app: AppHarness) {
  const before = app.desktop.recording.notifications.length
  return {
    answer: (given: NotificationAnswer) => app.magpie.answerNotification(given),
    told: (): Pick<NativeNotification, 'body' | 'route'>[] => app.desktop.recording.notifications.slice(before)
  }
}

/** What the page is told for the same call now: the answer must have been refused for that same reason. */
async function pageRefusal(app: AppHarness, given: NotificationAnswer): Promise<string> {
  const refusal =
    given.kind === 'like'
      ? await app.refused('likes:set', { postId: given.postId, liked: true })
      : await app.refused('comments:add', { postId: given.postId, text: given.text })
  return refusal.message
}

interface Bench {
  /** The person the notification was for, signed in on `app`. */
  app: AppHarness
  me: string
  /** A post by someone else. */
  postId: string
  /** The post's author blocks `me` (on their own copy, or on the one local store). */
  blockMe(): Promise<void>
  /** The post's author deletes it. */
  deletePost(): Promise<void>
  comments(): Promise<string[]>
  settle(): Promise<void>
}

async function localBench(): Promise<Bench> {
  const app = await startApp()
  const alice = await signUp(app, 'alice')
  await app.call('auth:logout')
  const bob: Account = await signUp(app, 'bob')
  const post = await createPost(app, '밥의 글')
  await app.call('auth:logout')
  await logIn(app, alice)
  const asBob = async (work: () => Promise<unknown>) => {
    await app.call('auth:logout')
    await logIn(app, bob)
    await work()
    await app.call('auth:logout')
    await logIn(app, alice)
  }
  return {
    app,
    me: alice.user.id,
    postId: post.id,
    blockMe: () => asBob(() => app.call('blocks:set', { personId: alice.user.id, blocked: true })),
    deletePost: () => asBob(() => app.call('posts:delete', { id: post.id })),
    comments: async () => (await app.call('comments:list', { postId: post.id, cursor: null })).comments.map((c) => c.text),
    settle: async () => {}
  }
}

async function communityBench(): Promise<Bench> {
  const { a, b, alice } = await aliceAndBob()
  const post = await write(b, '밥의 글')
  await a.settle()
  return {
    app: a,
    me: alice.user.id,
    postId: post.id,
    blockMe: async () => {
      // Bob knows Alice by her comment on his post: the person id his copy has for her.
      await a.call('comments:add', { postId: post.id, text: '먼저 남긴 댓글' })
      await b.settle()
      const [first] = (await b.call('comments:list', { postId: post.id, cursor: null })).comments
      await b.call('blocks:set', { personId: first!.author.id, blocked: true })
      await b.settle()
      await a.settle()
    },
    deletePost: async () => {
      await b.call('posts:delete', { id: post.id })
      await b.settle()
      await a.settle()
    },
    comments: async () => (await a.call('comments:list', { postId: post.id, cursor: null })).comments.map((c) => c.text),
    settle: () => a.settle()
  }
}

describe.each([
  ['local', localBench],
  ['community', communityBench]
])('answering from a notification (%s)', (_name, open) => {
  it('a reply is a comment and a like a like, as the person signed in; nothing is told', async () => {
    const bench = await open()
    const { answer, told } = answering(bench.app)
    await answer({ kind: 'reply', postId: bench.postId, recipient: answerRecipient(bench.me), text: '알림에서 쓴 답글' })
    await answer({ kind: 'like', postId: bench.postId, recipient: answerRecipient(bench.me) })
    expect(told()).toEqual([])
    expect(await bench.comments()).toContain('알림에서 쓴 답글')
    expect((await bench.app.call('posts:get', { id: bench.postId })).likedByMe).toBe(true)
  })

  it('a blank or too long reply is refused for the page’s reason, told in Korean, and nothing is written', async () => {
    const bench = await open()
    const { answer, told } = answering(bench.app)
    const blank: NotificationAnswer = { kind: 'reply', postId: bench.postId, recipient: answerRecipient(bench.me), text: '  \n ' }
    const long: NotificationAnswer = { kind: 'reply', postId: bench.postId, recipient: answerRecipient(bench.me), text: '가'.repeat(501) }
    await answer(blank)
    await answer(long)
    expect(told().map((n) => n.body)).toEqual([`${messages.commentRequired} ${messages.answerReplyKept}`, `${messages.commentTooLong} ${messages.answerReplyKept}`])
    expect(told().map((n) => n.body)).toEqual([`${await pageRefusal(bench.app, blank)} ${messages.answerReplyKept}`, `${await pageRefusal(bench.app, long)} ${messages.answerReplyKept}`])
    expect(told()[0]!.route).toBe(`/detail/${bench.postId}`)
    expect(await bench.comments()).toEqual([])
  })

  it('on a deleted post, or when its author blocked the person, both are refused as the page refuses them', async () => {
    const blockedBench = await open()
    await blockedBench.blockMe()
    const blocked = answering(blockedBench.app)
    const blockedReply: NotificationAnswer = { kind: 'reply', postId: blockedBench.postId, recipient: answerRecipient(blockedBench.me), text: '안녕' }
    const blockedLike: NotificationAnswer = { kind: 'like', postId: blockedBench.postId, recipient: answerRecipient(blockedBench.me) }
    await blocked.answer(blockedReply)
    await blocked.answer(blockedLike)
    expect(blocked.told().map((n) => n.body)).toEqual([`${await pageRefusal(blockedBench.app, blockedReply)} ${messages.answerReplyKept}`, await pageRefusal(blockedBench.app, blockedLike)])

    const goneBench = await open()
    await goneBench.deletePost()
    const gone = answering(goneBench.app)
    const goneReply: NotificationAnswer = { kind: 'reply', postId: goneBench.postId, recipient: answerRecipient(goneBench.me), text: '안녕' }
    await gone.answer(goneReply)
    await gone.answer({ kind: 'like', postId: goneBench.postId, recipient: answerRecipient(goneBench.me) })
    expect(gone.told()).toHaveLength(2)
    expect(gone.told()[0]!.body).toBe(`${await pageRefusal(goneBench.app, goneReply)} ${messages.answerReplyKept}`)
  })

  it('signed out, or signed in as someone else than the notification was for, nothing is sent', async () => {
    const bench = await open()
    const { answer, told } = answering(bench.app)
    await answer({ kind: 'reply', postId: bench.postId, recipient: answerRecipient('someone-else'), text: '남의 이름으로' })
    await bench.app.call('auth:logout')
    await answer({ kind: 'like', postId: bench.postId, recipient: answerRecipient(bench.me) })
    expect(told().map((n) => n.body)).toEqual([messages.answerOtherAccount, messages.answerOtherAccount])
    await bench.settle()
    expect((await bench.app.call('comments:list', { postId: bench.postId, cursor: null })).comments).toEqual([])
  })
})
