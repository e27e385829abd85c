import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, join as signUp, startCommunityApp } from '../../../../tests/support/main/community-app'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

/** Issue 21, defect 4: the web app's sign-up makes the Auth account first, and may stop before its users document. */
describe('a web-app account without a users document', () => {
  const email = 'halfway@example.com'
  const password = 'halfway-pass'

  it('signs in to the 프로필 완성 step: reads like a visitor, writes nothing, until the profile is written', async () => {
    const fake = createFakeFirebase()
    const account = fake.webApp.createAccount(email, password)
    const app = await startCommunityApp(fake)

    const session = await app.call('auth:login', { email, password })
    expect(session).toEqual({ user: null, profileToComplete: { email } })
    expect(await app.call('auth:session')).toEqual(session)
    expect(fake.data.users()).toEqual({})
    expect((await app.call('posts:feed', {})).posts).toEqual([])
    expect(await app.refused('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })).toMatchObject({ code: 'loginFirstWrite' })

    // The sign-up form's nickname rules, on the nickname field.
    expect(await app.refused('auth:completeProfile', { nickname: '  ' })).toMatchObject({ code: 'nicknameRequired', field: 'nickname' })
    expect(await app.refused('auth:completeProfile', { nickname: '가'.repeat(21) })).toMatchObject({ code: 'nicknameTooLong', field: 'nickname' })
    expect(fake.data.users()).toEqual({})

    const done = await app.call('auth:completeProfile', { nickname: ' 반쪽 ', profileImage: await tinyJpeg('#00ff00') })
    expect(done.user).toMatchObject({ nickname: '반쪽', email })
    expect(done.user?.avatar?.variants.length).toBeGreaterThan(0)
    expect(done.profileToComplete).toBeUndefined()
    // Exactly the document Magpie's sign-up writes (and the web app's SignUp.js would have).
    const doc = fake.data.users()[account.uid]!
    expect(Object.keys(doc).sort()).toEqual(['alerts', 'nickname', 'profile_img', 'uid', 'user_id'])
    expect(doc).toMatchObject({ uid: account.uid, user_id: email, nickname: '반쪽', alerts: [] })
    expect(doc.profile_img).toMatch(/^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/fake\.appspot\.com\/.*profileImg%2F/)
    expect(app.eventsOf('session:changed').at(-1)).toMatchObject({ user: { nickname: '반쪽' } })
    // Now a member: writes go out as them.
    expect(await app.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })).toMatchObject({ uploadId: expect.any(String) })
    expect(await app.refused('auth:completeProfile', { nickname: '또' })).toEqual({ code: 'noProfileToComplete', message: messages.noProfileToComplete })
  })

  it('a restart goes back to the step; a profile the web app finished meanwhile signs them in; logout ends it', async () => {
    const fake = createFakeFirebase()
    const account = fake.webApp.createAccount(email, password)
    const first = await startCommunityApp(fake)
    await first.call('auth:login', { email, password })
    await first.close()

    const again = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir })
    await again.settle()
    expect(await again.call('auth:session')).toEqual({ user: null, profileToComplete: { email } })
    await again.close()

    fake.webApp.setUser('webAutoId', { uid: account.uid, user_id: email, nickname: '웹에서', profile_img: '', alerts: [] })
    const third = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir })
    await third.settle()
    expect((await third.call('auth:session')).user).toMatchObject({ nickname: '웹에서', email })
    expect(await third.call('auth:logout')).toEqual({ user: null })
  })

  it('logout from the step signs out; a profile nobody is missing cannot be "completed"', async () => {
    const fake = createFakeFirebase()
    fake.webApp.createAccount(email, password)
    const app = await startCommunityApp(fake)
    expect(await app.refused('auth:completeProfile', { nickname: '누구' })).toMatchObject({ code: 'noProfileToComplete' })
    await app.call('auth:login', { email, password })
    expect(await app.call('auth:logout')).toEqual({ user: null })
    expect(app.ports().auth.current()).toBeNull()
    expect(await app.refused('auth:completeProfile', { nickname: '누구' })).toMatchObject({ code: 'noProfileToComplete' })
    const minji = await signUp(app, 'minji')
    expect(minji.user.nickname).toBe('minji')
    expect(await app.refused('auth:completeProfile', { nickname: '누구' })).toMatchObject({ code: 'noProfileToComplete' })
  })
})
