import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import { databaseOf } from '../../store/handle'
import { readZip } from '../../../../tests/support/zip'
import { cleanupTestApps, createPost, imageFiles, logIn, signUp, startApp } from '../../../../tests/support/main/test-app'

afterEach(cleanupTestApps)

const soon = { timeout: 2000, interval: 20 }

/** Alice made the first account (the moderator); Bob posts and comments; Carol reports. */
async function community() {
  const app = await startApp()
  const alice = await signUp(app, 'alice', { nickname: '앨리스' })
  await app.call('auth:logout')
  const bob = await signUp(app, 'bob', { nickname: '밥' })
  const post = await createPost(app, '밥의 광고 글입니다 지금 바로 연락 주세요')
  const comment = await app.call('comments:add', { postId: post.id, text: '밥의 댓글' })
  await app.call('auth:logout')
  const carol = await signUp(app, 'carol', { nickname: '캐롤' })
  return { app, alice, bob, carol, post, comment }
}

describe('신고 and moderators (local store)', () => {
  it('takes one report per person per target, never of one\'s own, and shows the moderator the reports grouped without who made them', async () => {
    const { app, alice, bob, post, comment } = await community()
    expect((await app.call('auth:session')).user?.moderator).toBe(false)
    expect(await app.call('moderation:report', { kind: 'post', targetId: post.id, reason: 'spam', note: '  광고예요  ' })).toEqual({ done: true })
    expect(await app.refused('moderation:report', { kind: 'post', targetId: post.id, reason: 'abuse' })).toEqual({ code: 'alreadyReported', message: messages.alreadyReported })
    expect(await app.refused('moderation:report', { kind: 'post', targetId: post.id, reason: 'nonsense' as 'spam' })).toMatchObject({ code: 'reportReasonRequired' })
    expect(await app.refused('moderation:report', { kind: 'comment', targetId: comment.id, reason: 'other', note: '가'.repeat(301) })).toMatchObject({ code: 'reportNoteTooLong', field: 'note' })
    expect(await app.refused('moderation:report', { kind: 'comment', targetId: 'gone', reason: 'other' })).toMatchObject({ code: 'reportTargetGone' })
    expect(await app.refused('moderation:reports')).toMatchObject({ code: 'moderatorOnly' })
    await app.call('auth:logout')
    await logIn(app, bob)
    expect(await app.refused('moderation:report', { kind: 'comment', targetId: comment.id, reason: 'spam' })).toMatchObject({ code: 'cannotReportOwn' })
    await app.call('auth:logout')
    await logIn(app, alice)
    expect((await app.call('auth:session')).user?.moderator).toBe(true)
    await app.call('moderation:report', { kind: 'post', targetId: post.id, reason: 'danger' })
    const groups = await app.call('moderation:reports')
    expect(groups).toEqual([
      {
        kind: 'post',
        targetId: post.id,
        postId: post.id,
        excerpt: '밥의 광고 글입니다 지금 바로 연락 주세요',
        author: { id: bob.user.id, nickname: '밥', avatar: null },
        count: 2,
        reasons: [expect.objectContaining({ count: 1 }), expect.objectContaining({ count: 1 })],
        notes: ['광고예요'],
        latestAt: expect.any(Number)
      }
    ])
    expect(JSON.stringify(groups)).not.toMatch(/carol|캐롤|@/)
    expect(await app.call('moderation:dismiss', { kind: 'post', targetId: post.id })).toEqual([])
  })

  it('removes a reported post with its photo through the post\'s own delete, logs it, and tells its author why', async () => {
    const { app, alice, bob, post } = await community()
    await app.call('moderation:report', { kind: 'post', targetId: post.id, reason: 'spam' })
    await app.call('auth:logout')
    await logIn(app, alice)
    const filesBefore = (await imageFiles(app)).length
    expect(await app.refused('moderation:remove', { kind: 'post', targetId: post.id, reason: ' ' })).toMatchObject({ code: 'removalReasonRequired', field: 'reason' })
    expect(await app.call('moderation:remove', { kind: 'post', targetId: post.id, reason: '광고 글이에요' })).toEqual([])
    expect(await app.refused('posts:get', { id: post.id })).toMatchObject({ code: 'notFound' })
    expect((await imageFiles(app)).length).toBeLessThan(filesBefore)
    // Its comments and reports went with it (the trigger), nothing left behind.
    expect(databaseOf(app.store).prepare('SELECT count(*) FROM reports').pluck().get()).toBe(0)
    expect(await app.call('moderation:log')).toEqual([
      { id: expect.any(String), kind: 'post', excerpt: '밥의 광고 글입니다 지금 바로 연락 주세요', author: '밥', moderator: '앨리스', reason: '광고 글이에요', createdAt: expect.any(Number) }
    ])
    expect(await app.call('moderation:notices')).toEqual([])
    await app.call('auth:logout')
    await logIn(app, bob)
    const notices = await app.call('moderation:notices')
    expect(notices).toEqual([{ id: expect.any(String), kind: 'post', excerpt: '밥의 광고 글입니다 지금 바로 연락 주세요', reason: '광고 글이에요', createdAt: expect.any(Number) }])
    expect(await app.refused('moderation:log')).toMatchObject({ code: 'moderatorOnly' })
    expect(await app.call('moderation:dismissNotice', { id: notices[0]!.id })).toEqual([])
  })

  it('tells the author live in another running copy, through the change log, and their 확인 there too', async () => {
    const { app, alice, bob, comment } = await community()
    const other = await startApp({ dataDir: app.dataDir, clock: app.clock })
    await logIn(other, bob)
    await app.call('auth:logout')
    await logIn(app, alice)
    const before = other.eventsOf('moderation:noticesChanged').length
    await app.call('moderation:remove', { kind: 'comment', targetId: comment.id, reason: '욕설이 있어요' })
    await vi.waitFor(() => expect(other.eventsOf('moderation:noticesChanged').length).toBe(before + 1), soon)
    const notices = await other.call('moderation:notices')
    expect(notices.map((n) => [n.kind, n.reason])).toEqual([['comment', '욕설이 있어요']])
    // The moderator's own copy is not told: the notice is not theirs.
    expect(app.eventsOf('moderation:noticesChanged')).toEqual([])
    await other.call('moderation:dismissNotice', { id: notices[0]!.id })
    await vi.waitFor(() => expect(other.eventsOf('moderation:noticesChanged').length).toBe(before + 2), soon)
  })

  it('puts a person\'s own reports and notices in 내 데이터 내려받기, nobody else\'s', async () => {
    const { app, alice, bob, carol, post, comment } = await community()
    await app.call('moderation:report', { kind: 'comment', targetId: comment.id, reason: 'abuse', note: '심한 말이에요' })
    await app.call('moderation:report', { kind: 'post', targetId: post.id, reason: 'spam', note: '광고예요' })
    await app.call('auth:logout')
    await logIn(app, alice)
    await app.call('moderation:remove', { kind: 'comment', targetId: comment.id, reason: '욕설이 있어요' })
    const exported = async (who: typeof bob) => {
      await app.call('auth:logout')
      await logIn(app, who)
      await app.call('account:export')
      const entries = await readZip(app.desktop.recording.saves.at(-1)!)
      const json = (name: string) => JSON.parse(entries.get(name)!.bytes.toString('utf8'))
      return { reports: json('data/reports.json'), notices: json('data/notices.json'), html: entries.get('index.html')!.bytes.toString('utf8') }
    }
    // Carol's open report (the comment's closed with its removal): what kind, why, her words; not whose.
    const carols = await exported(carol)
    expect(carols.reports).toEqual([{ kind: 'post', reason: 'spam', note: '광고예요', createdAt: expect.stringMatching(/^\d{4}-/) }])
    expect(carols.notices).toEqual([])
    expect(carols.html).toContain('게시글 · 스팸')
    expect(JSON.stringify(carols)).not.toContain('밥')
    const bobs = await exported(bob)
    expect(bobs.reports).toEqual([])
    expect(bobs.notices).toEqual([{ kind: 'comment', excerpt: '밥의 댓글', reason: '욕설이 있어요', createdAt: expect.stringMatching(/^\d{4}-/) }])
    expect(bobs.html).toContain('관리자가 회원님의 댓글을 삭제했어요')
    expect(bobs.html).toContain('사유: 욕설이 있어요')
  })

  it('lets the first account name others, who can then moderate; the first account stays one', async () => {
    const { app, alice, bob, carol, comment } = await community()
    await app.call('auth:logout')
    await logIn(app, alice)
    expect(await app.refused('moderation:setModerator', { nickname: '없는사람', moderator: true })).toMatchObject({ code: 'moderatorNotFound', field: 'nickname' })
    const named = await app.call('moderation:setModerator', { nickname: '캐롤', moderator: true })
    expect(named.map((m) => [m.person.nickname, m.first])).toEqual([['앨리스', true], ['캐롤', false]])
    await app.call('auth:logout')
    await logIn(app, carol)
    expect(await app.refused('moderation:setModerator', { nickname: '앨리스', moderator: false })).toMatchObject({ code: 'cannotUnnameFirst' })
    await app.call('moderation:remove', { kind: 'comment', targetId: comment.id, reason: '욕설' })
    await app.call('moderation:setModerator', { nickname: '캐롤', moderator: false })
    expect(await app.refused('moderation:log')).toMatchObject({ code: 'moderatorOnly' })
    await app.call('auth:logout')
    await logIn(app, bob)
    expect((await app.call('moderation:notices')).map((n) => [n.kind, n.reason])).toEqual([['comment', '욕설']])
  })
})
