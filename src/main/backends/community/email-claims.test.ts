import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, join as signUp, startCommunityApp } from '../../../../tests/support/main/community-app'
import { personKey } from '../../store/person-key'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Emails bound to accounts (decision 043): Magpie claims emails/{key} for the person's uid. */
describe('community: the email claimed for the account', () => {
  it('claims the email at sign-up', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    const minji = await signUp(app, 'minji')
    const [account] = fake.data.accounts()
    expect(fake.data.emails()).toEqual({ [personKey(minji.email)]: account!.uid })
  })

  it('claims a web-app member\'s email at their first sign-in, and does not ask again at the next start', async () => {
    const fake = createFakeFirebase()
    const account = fake.webApp.createAccount('junho@example.com', 'junho-pass')
    fake.webApp.setUser('autoId1', { uid: account.uid, user_id: account.email, nickname: '준호', profile_img: '', alerts: [] })
    const first = await startCommunityApp(fake, { countReads: true })
    await first.call('auth:login', { email: account.email, password: 'junho-pass' })
    expect(fake.data.emails()).toEqual({ [personKey(account.email)]: account.uid })
    expect(first.reads!.counts.calls.claimEmail).toBe(1)
    await first.close()

    const again = await startCommunityApp(fake, { countReads: true, profileDir: first.profileDir })
    expect((await again.call('auth:session')).user).toMatchObject({ nickname: '준호' })
    await fake.idle()
    await again.call('auth:session')
    expect(again.reads!.counts.calls.claimEmail ?? 0).toBe(0)
  })

  it('refuses the sign-in of an account that registered again an email the registry gives to another uid', async () => {
    const fake = createFakeFirebase()
    fake.webApp.registerEmail('junho@example.com', 'deleted-uid')
    const account = fake.webApp.createAccount('junho@example.com', 'junho-pass')
    fake.webApp.setUser('autoId2', { uid: account.uid, user_id: account.email, nickname: '준호', profile_img: '', alerts: [] })
    const app = await startCommunityApp(fake)
    expect(await app.refused('auth:login', { email: account.email, password: 'junho-pass' })).toEqual({ code: 'emailHeldByAnother', message: messages.emailHeldByAnother })
    expect((await app.call('auth:session')).user).toBeNull()
    expect(fake.data.emails()).toEqual({ [personKey(account.email)]: 'deleted-uid' })
  })

  it('refuses such a sign-up, taking back the account it made, and writes nothing as that email', async () => {
    const fake = createFakeFirebase()
    fake.webApp.registerEmail('minji@example.com', 'deleted-uid')
    const app = await startCommunityApp(fake)
    const input = { email: 'minji@example.com', nickname: '민지', password: 'secret-1', passwordConfirm: 'secret-1' }
    expect(await app.refused('auth:signUp', input)).toEqual({ code: 'emailHeldByAnother', message: messages.emailHeldByAnother })
    expect(fake.data.accounts()).toEqual([])
    expect(fake.data.users()).toEqual({})
    expect(fake.data.nicknames()).toEqual({})
    expect((await app.call('auth:session')).user).toBeNull()
  })

  it('signs in when the claim cannot be made now, and claims at the next sign-in', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    const minji = await signUp(app, 'minji')
    await app.call('auth:logout')
    fake.webApp.createAccount('junho@example.com', 'junho-pass')
    fake.failNext('docs.claimEmail', 'offline')
    expect((await app.call('auth:login', { email: 'junho@example.com', password: 'junho-pass' })).profileToComplete).toBeDefined()
    expect(Object.keys(fake.data.emails())).toEqual([personKey(minji.email)])
    await app.call('auth:logout')
    await app.call('auth:login', { email: 'junho@example.com', password: 'junho-pass' })
    expect(Object.keys(fake.data.emails()).sort()).toEqual([personKey(minji.email), personKey('junho@example.com')].sort())
  })
})
