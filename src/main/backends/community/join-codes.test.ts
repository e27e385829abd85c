import { afterEach, describe, expect, it, vi } from 'vitest'
import { invitationLink, parseInvitationLink } from '@shared/invitation-link'
import { messages } from '@shared/messages'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupTestApps, createClock, logIn } from '../../../../tests/support/main/test-app'
import { cleanupCommunityApps, join, startCommunityApp, testCommunity } from '../../../../tests/support/main/community-app'
import { hashOfJoinCode } from '../../core/join-codes'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const day = 24 * 60 * 60 * 1000

/**
 * Alice a moderator (the token's claim), Bob a signed-in non-member; the apps and the project on
 * one clock (each computer's own clock may differ from the server's: see the last test).
 */
async function moderatorAndNewcomer() {
  const clock = createClock(Date.now())
  let skew = 0
  const fake = createFakeFirebase({ now: () => clock.t + skew })
  const a = await startCommunityApp(fake, { clock })
  const b = await startCommunityApp(fake, { clock })
  const alice = await join(a, 'alice', { nickname: '앨리스' })
  const bob = await join(b, 'bob', { nickname: '밥' })
  const uid = (email: string) => fake.data.accounts().find((acc) => acc.email === email)!.uid
  fake.setClaims(alice.email, { moderator: true })
  await logIn(a, alice)
  return { fake, clock, a, b, aliceUid: uid(alice.email), bobUid: uid(bob.email), third: () => startCommunityApp(fake, { clock }), serverAhead: (ms: number) => (skew = ms) }
}

describe('invitations with a join code (community)', () => {
  it('a moderator makes one: the link carries a fresh code once, the project keeps only its hash; Bob redeems it and is a member', async () => {
    const { fake, a, b, aliceUid, bobUid } = await moderatorAndNewcomer()
    const log = vi.spyOn(console, 'warn')
    const made = await a.call('joinCodes:create', { days: 7, maxUses: 2, note: ' 사촌들 ' })
    const link = parseInvitationLink(made.link)
    expect(link).toMatchObject({ ok: true, config: testCommunity })
    const code = link.ok ? link.code! : ''
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const hash = hashOfJoinCode(code)
    expect(made.invitation).toMatchObject({ id: hash, note: '사촌들', uses: 0, maxUses: 2, state: 'open' })
    expect(made.invitation.expiresAt - made.invitation.createdAt).toBe(7 * day)
    // Stored under the hash, without the code anywhere.
    const stored = fake.invitations.invitations()
    expect(Object.keys(stored)).toEqual([hash])
    expect(stored[hash]).toMatchObject({ createdBy: aliceUid, maxUses: 2, uses: 0, revoked: false, note: '사촌들' })
    expect(JSON.stringify(stored)).not.toContain(code)
    // Listing never shows a code again.
    const listed = await a.call('joinCodes:list')
    expect(listed).toEqual([{ ...made.invitation, createdAt: expect.any(Number) }])
    expect(JSON.stringify(listed)).not.toContain(code)
    // Two codes are never the same.
    const second = parseInvitationLink((await a.call('joinCodes:create', { days: 1, maxUses: 1 })).link)
    expect(second.ok && second.code).not.toBe(code)

    expect(await b.call('joinCodes:redeem', { code })).toEqual({ joined: true })
    expect(fake.invitations.members()[bobUid]).toMatchObject({ uid: bobUid, via: 'invitation', invitation: hash })
    expect(fake.invitations.invitations()[hash]!.uses).toBe(1)
    expect(await b.refused('joinCodes:redeem', { code })).toMatchObject({ code: 'joinCodeAlreadyMember', message: messages.joinCodeAlreadyMember })
    expect(fake.invitations.invitations()[hash]!.uses).toBe(1)
    expect(log.mock.calls.flat().join(' ')).not.toContain(code)
  })

  it('takes the whole link pasted as well as the code, but not another community\'s link', async () => {
    const { a, b } = await moderatorAndNewcomer()
    const { link } = await a.call('joinCodes:create', { days: 30, maxUses: 1 })
    const code = link.slice(link.indexOf('&code=') + 6)
    const elsewhere = invitationLink({ ...testCommunity, projectId: 'another-club' }, code)
    expect(await b.refused('joinCodes:redeem', { code: elsewhere })).toMatchObject({ code: 'joinCodeOtherCommunity', field: 'code' })
    expect(await b.refused('joinCodes:redeem', { code: '  ' })).toMatchObject({ code: 'joinCodeRequired' })
    expect(await b.refused('joinCodes:redeem', { code: 'not a code' })).toMatchObject({ code: 'joinCodeMalformed' })
    expect(await b.refused('joinCodes:redeem', { code: invitationLink(testCommunity) })).toMatchObject({ code: 'joinCodeMalformed' })
    expect(await b.call('joinCodes:redeem', { code: `  ${link}\n` })).toEqual({ joined: true })
  })

  it('gives a wrong, expired, used-up and revoked code each its own words, and counts nothing', async () => {
    const { fake, clock, a, b, aliceUid } = await moderatorAndNewcomer()
    const codes = { expired: 'E'.repeat(32), usedUp: 'U'.repeat(32), revoked: 'R'.repeat(32) }
    const base = { createdBy: aliceUid, at: clock.t - day, expiresAt: clock.t + day, maxUses: 3, uses: 0, revoked: false, note: '' }
    fake.invitations.setInvitation(hashOfJoinCode(codes.expired), { ...base, expiresAt: clock.t - 1000 })
    fake.invitations.setInvitation(hashOfJoinCode(codes.usedUp), { ...base, uses: 3 })
    fake.invitations.setInvitation(hashOfJoinCode(codes.revoked), { ...base, revoked: true })
    expect(await b.refused('joinCodes:redeem', { code: 'W'.repeat(32) })).toMatchObject({ code: 'joinCodeUnknown', message: messages.joinCodeUnknown })
    expect(await b.refused('joinCodes:redeem', { code: codes.expired })).toMatchObject({ code: 'joinCodeExpired' })
    expect(await b.refused('joinCodes:redeem', { code: codes.usedUp })).toMatchObject({ code: 'joinCodeUsedUp' })
    expect(await b.refused('joinCodes:redeem', { code: codes.revoked })).toMatchObject({ code: 'joinCodeRevoked' })
    expect(fake.invitations.members()).toEqual({})
    expect(Object.values(fake.invitations.invitations()).map((i) => i.uses)).toEqual([0, 3, 0])
    // The moderator's list says which is which.
    expect((await a.call('joinCodes:list')).map((i) => i.state).sort()).toEqual(['expired', 'revoked', 'usedUp'])
  })

  it('a revoked invitation lets nobody in, and a replay after the last use is refused', async () => {
    const { a, b, third } = await moderatorAndNewcomer()
    const first = await a.call('joinCodes:create', { days: 1, maxUses: 1 })
    const code = parseInvitationLink(first.link)
    expect(await b.call('joinCodes:redeem', { code: first.link })).toEqual({ joined: true })
    // Carol, a third account, replays the same link: used up.
    const c = await third()
    await join(c, 'carol', { nickname: '캐럴' })
    expect(await c.refused('joinCodes:redeem', { code: first.link })).toMatchObject({ code: 'joinCodeUsedUp' })
    const second = await a.call('joinCodes:create', { days: 7, maxUses: 5 })
    const listed = await a.call('joinCodes:revoke', { id: second.invitation.id })
    expect(listed.find((i) => i.id === second.invitation.id)?.state).toBe('revoked')
    expect(await c.refused('joinCodes:redeem', { code: second.link })).toMatchObject({ code: 'joinCodeRevoked' })
    expect(await a.refused('joinCodes:revoke', { id: 'f'.repeat(64) })).toMatchObject({ code: 'invitationGone' })
    expect(await a.refused('joinCodes:revoke', { id: 'not-a-hash' })).toMatchObject({ code: 'invitationGone' })
    expect(code.ok).toBe(true)
  })

  it('checks the moderator and the choices in main before Firebase is asked', async () => {
    const { fake, a, b } = await moderatorAndNewcomer()
    for (const channel of ['joinCodes:list'] as const) expect(await b.refused(channel)).toMatchObject({ code: 'moderatorOnly' })
    expect(await b.refused('joinCodes:create', { days: 7, maxUses: 5 })).toMatchObject({ code: 'moderatorOnly' })
    expect(await b.refused('joinCodes:revoke', { id: 'a'.repeat(64) })).toMatchObject({ code: 'moderatorOnly' })
    for (const [input, problem, field] of [
      [{ days: 2, maxUses: 5 }, 'invitationExpiryInvalid', 'days'],
      [{ days: 365, maxUses: 5 }, 'invitationExpiryInvalid', 'days'],
      [{ days: 7, maxUses: 0 }, 'invitationMaxUsesInvalid', 'maxUses'],
      [{ days: 7, maxUses: 101 }, 'invitationMaxUsesInvalid', 'maxUses'],
      [{ days: 7, maxUses: 1.5 }, 'invitationMaxUsesInvalid', 'maxUses'],
      [{ days: 7, maxUses: 5, note: '가'.repeat(101) }, 'invitationNoteTooLong', 'note'],
      [{ days: 7, maxUses: 5, note: '사촌\u202e들' }, 'invitationNoteHidden', 'note']
    ] as const) {
      expect(await a.refused('joinCodes:create', input), JSON.stringify(input)).toMatchObject({ code: problem, field })
    }
    expect(fake.invitations.invitations()).toEqual({})
    expect(await b.refused('joinCodes:create', { days: 7, maxUses: 5, extra: 1 } as never)).toMatchObject({ code: 'invalidRequest' })
  })

  it('offline, nothing is made or redeemed and the person hears why', async () => {
    const { fake, a, b } = await moderatorAndNewcomer()
    const { link } = await a.call('joinCodes:create', { days: 7, maxUses: 5 })
    fake.setOnline(false, b.ports())
    expect(await b.refused('joinCodes:redeem', { code: link })).toMatchObject({ code: 'offlineWrite' })
    fake.setOnline(true, b.ports())
    expect(await b.call('joinCodes:redeem', { code: link })).toEqual({ joined: true })
  })

  it('a computer whose clock is behind the server\'s hears the code expired when the rules say so', async () => {
    const { fake, a, b, serverAhead } = await moderatorAndNewcomer()
    const { link } = await a.call('joinCodes:create', { days: 1, maxUses: 5 })
    // The server is two days on; Bob's computer still believes the invitation open.
    serverAhead(2 * day)
    expect(await b.refused('joinCodes:redeem', { code: link })).toMatchObject({ code: 'joinCodeExpired', message: messages.joinCodeExpired })
    expect(fake.invitations.members()).toEqual({})
  })
})
