import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanupTestApps, logIn } from '../../../../tests/support/main/test-app'
import { aliceAndBob, cleanupCommunityApps, write } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

describe('신고 and moderators (community)', () => {
  it('trusts only the token\'s moderator claim: a report reaches a moderator, whose removal deletes the post and its photo, logs it and leaves its author a notice', async () => {
    const { fake, a, b, alice, bob } = await aliceAndBob()
    const post = await write(b, '밥의 광고 글')
    await a.settle()
    expect(await a.call('moderation:report', { kind: 'post', targetId: post.id, reason: 'spam', note: '광고' })).toEqual({ done: true })
    expect(await a.refused('moderation:report', { kind: 'post', targetId: post.id, reason: 'spam' })).toMatchObject({ code: 'alreadyReported' })
    expect(await b.refused('moderation:report', { kind: 'post', targetId: post.id, reason: 'spam' })).toMatchObject({ code: 'cannotReportOwn' })
    expect(await a.refused('moderation:reports')).toMatchObject({ code: 'moderatorOnly' })

    // A claim that is not the boolean true is no moderator.
    fake.setClaims(alice.email, { moderator: 'true' })
    await logIn(a, alice)
    expect((await a.call('auth:session')).user?.moderator).toBe(false)
    expect(await a.refused('moderation:log')).toMatchObject({ code: 'moderatorOnly' })

    fake.setClaims(alice.email, { moderator: true })
    await logIn(a, alice)
    expect((await a.call('auth:session')).user?.moderator).toBe(true)
    const groups = await a.call('moderation:reports')
    expect(groups).toMatchObject([{ kind: 'post', targetId: post.id, excerpt: '밥의 광고 글', author: { nickname: '밥' }, count: 1, reasons: [{ reason: 'spam', count: 1 }], notes: ['광고'] }])
    expect(JSON.stringify(groups)).not.toContain('@')
    const filesBefore = fake.data.files().length

    expect(await a.call('moderation:remove', { kind: 'post', targetId: post.id, reason: '광고예요' })).toEqual([])
    expect(fake.data.posts()[post.id]).toBeUndefined()
    expect(fake.data.files().length).toBe(filesBefore - 1)
    expect(fake.moderation.reports()).toEqual({})
    expect(fake.moderation.log()).toMatchObject([{ moderator: '앨리스', author: '밥', kind: 'post', excerpt: '밥의 광고 글', reason: '광고예요' }])
    expect(await a.call('moderation:log')).toMatchObject([{ moderator: '앨리스', author: '밥', reason: '광고예요' }])
    expect(await a.call('moderation:moderators')).toBeNull()
    expect(await a.refused('moderation:setModerator', { nickname: '밥', moderator: true })).toMatchObject({ code: 'moderatorsByCommand' })

    // Bob, signed in meanwhile, learns it live: his notices listener mirrors it and main says so.
    await vi.waitFor(() => expect(b.eventsOf('moderation:noticesChanged')).toHaveLength(1), { timeout: 2000, interval: 20 })
    expect(a.eventsOf('moderation:noticesChanged')).toEqual([])
    const notices = await b.call('moderation:notices')
    expect(notices).toMatchObject([{ kind: 'post', excerpt: '밥의 광고 글', reason: '광고예요' }])
    expect(await b.call('moderation:dismissNotice', { id: notices[0]!.id })).toEqual([])
    expect(fake.moderation.notices(bob.email)).toEqual([])
    await b.settle()
    expect(await b.call('moderation:notices')).toEqual([])
  })
})
