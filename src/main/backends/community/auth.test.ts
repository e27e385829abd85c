import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import { cleanupTestApps, tinyJpeg } from '../../../../tests/support/main/test-app'
import { createFakeFirebase } from '../../../../tests/support/fake-firebase/fake-firebase'
import { cleanupCommunityApps, join as signUp, startCommunityApp, testCommunity, webAppPost } from '../../../../tests/support/main/community-app'
import { webDate } from '../../firebase/mapping'
import { databaseOf } from '../../store/handle'

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

const vaultFile = (profileDir: string) => join(profileDir, 'community', testCommunity.projectId, 'session')

describe('community accounts', () => {
  it('sign-up creates the Auth account and users/{uid} in the web app\'s shape, with the profile photo in Storage', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    const { user } = await signUp(app, 'minji', { nickname: '민지', profileImage: await tinyJpeg('#ff0000') })
    expect(user).toMatchObject({ nickname: '민지', email: 'minji@example.com' })
    expect(user.avatar?.variants.length).toBeGreaterThan(0)

    const [account] = fake.data.accounts()
    expect(account!.email).toBe('minji@example.com')
    const doc = fake.data.users()[account!.uid]!
    expect(Object.keys(doc).sort()).toEqual(['alerts', 'nickname', 'profile_img', 'uid', 'user_id'])
    expect(doc).toMatchObject({ uid: account!.uid, user_id: 'minji@example.com', nickname: '민지', alerts: [] })
    expect(doc.profile_img).toMatch(/^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/fake\.appspot\.com\/.*profileImg%2F\d+_[0-9a-f]{6}\?/)
    expect(fake.data.files()).toEqual([expect.stringMatching(/^profileImg\/\d+_[0-9a-f]{6}$/)])
    // The local store is untouched: community accounts live in the project and its mirror.
    expect(databaseOf(app.magpie.store).prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 })
  })

  it('refuses what local mode refuses, with the same messages, before asking Firebase', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    const base = { email: 'a@example.com', nickname: 'a', password: 'secret-1', passwordConfirm: 'secret-1' }
    expect(await app.refused('auth:signUp', { ...base, email: 'nope' })).toMatchObject({ code: 'emailInvalid', field: 'email' })
    expect(await app.refused('auth:signUp', { ...base, nickname: '  ' })).toMatchObject({ code: 'nicknameRequired' })
    expect(await app.refused('auth:signUp', { ...base, password: '123', passwordConfirm: '123' })).toMatchObject({ code: 'passwordShort' })
    expect(await app.refused('auth:signUp', { ...base, passwordConfirm: 'other-1' })).toMatchObject({ code: 'passwordMismatch' })
    expect(fake.data.accounts()).toEqual([])
  })

  it('a taken email is emailTaken on the email field; a wrong password is loginFailed', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    const minji = await signUp(app, 'minji')
    await app.call('auth:logout')
    expect(await app.refused('auth:signUp', { email: minji.email, nickname: 'x', password: 'secret-9', passwordConfirm: 'secret-9' })).toEqual({
      code: 'emailTaken',
      message: messages.emailTaken,
      field: 'email'
    })
    expect(await app.refused('auth:login', { email: minji.email, password: 'wrong-password' })).toEqual({ code: 'loginFailed', message: messages.loginFailed })
    const session = await app.call('auth:login', { email: minji.email, password: minji.password })
    expect(session.user).toMatchObject({ nickname: 'minji', email: minji.email })
  })

  it('logs in an account the web app made, reading its users document (auto id) for the nickname', async () => {
    const fake = createFakeFirebase()
    const account = fake.webApp.createAccount('junho@example.com', 'junho-pass')
    fake.webApp.setUser('autoId123', { uid: account.uid, user_id: account.email, nickname: '준호', profile_img: '', alerts: [] })
    const app = await startCommunityApp(fake)
    const session = await app.call('auth:login', { email: 'junho@example.com', password: 'junho-pass' })
    expect(session.user).toMatchObject({ nickname: '준호', email: 'junho@example.com', avatar: null })
  })

  it('stays signed in across restarts through the credential in this project\'s own vault file, never the password', async () => {
    const fake = createFakeFirebase()
    const first = await startCommunityApp(fake)
    const minji = await signUp(first, 'minji', { nickname: '민지' })
    await first.close()
    const saved = await readFile(vaultFile(first.profileDir), 'utf8')
    expect(saved).not.toContain(minji.password)
    // Local mode's session file is another one, untouched.
    expect(existsSync(join(first.profileDir, 'session'))).toBe(false)

    const again = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir })
    expect((await again.call('auth:session')).user).toMatchObject({ id: minji.user.id, nickname: '민지' })
    await again.call('auth:logout')
    expect(existsSync(vaultFile(first.profileDir))).toBe(false)
    await again.close()

    const third = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir })
    expect((await third.call('auth:session')).user).toBeNull()
  })

  it('a saved credential the project no longer accepts signs nobody in', async () => {
    const fake = createFakeFirebase()
    const first = await startCommunityApp(fake)
    await signUp(first, 'minji')
    await first.close()
    const otherProject = createFakeFirebase()
    const app = await startCommunityApp(otherProject, { dataDir: first.dataDir, profileDir: first.profileDir })
    expect((await app.call('auth:session')).user).toBeNull()
    expect(app.eventsOf('session:changed').at(-1)).toEqual({ user: null })
    expect(existsSync(vaultFile(first.profileDir))).toBe(false)
  })

  it('starts offline as the saved user, and confirms the session when the network is back', async () => {
    const fake = createFakeFirebase()
    const first = await startCommunityApp(fake)
    const minji = await signUp(first, 'minji', { nickname: '민지' })
    await first.close()

    fake.setOnline(false)
    const app = await startCommunityApp(fake, { dataDir: first.dataDir, profileDir: first.profileDir })
    expect((await app.call('auth:session')).user).toMatchObject({ id: minji.user.id, nickname: '민지' })
    expect(app.ports().auth.current()).toBeNull()
    expect(await app.refused('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })).toMatchObject({ code: 'offlineWrite' })
    fake.setOnline(true)
    // The first write after the network is back waits for the session to be confirmed.
    expect(await app.call('images:add', { requestId: 'r', purpose: 'post', bytes: await tinyJpeg() })).toMatchObject({ uploadId: expect.any(String) })
    await app.settle()
    expect(app.ports().auth.current()?.email).toBe(minji.email)
    expect((await app.call('auth:session')).user).toMatchObject({ id: minji.user.id })
  })

  it('sign-up and login offline say the network is the problem', async () => {
    const fake = createFakeFirebase()
    const app = await startCommunityApp(fake)
    fake.setOnline(false)
    expect(await app.refused('auth:signUp', { email: 'a@example.com', nickname: 'a', password: 'secret-1', passwordConfirm: 'secret-1' })).toMatchObject({
      code: 'networkError'
    })
    expect(await app.refused('auth:login', { email: 'a@example.com', password: 'secret-1' })).toMatchObject({ code: 'networkError' })
  })
})

describe('look-alike identities in a community (issue 22, item 3)', () => {
  it('one member per name: a look-alike of a name another member holds is refused before any account is made', async () => {
    const fake = createFakeFirebase()
    const first = await startCommunityApp(fake)
    await signUp(first, 'admin', { nickname: '관리자' })
    expect(Object.values(fake.data.nicknames())).toEqual([fake.data.accounts()[0]!.uid])
    expect(Object.keys(fake.data.nicknames())[0]).toMatch(/^[0-9a-f]{64}$/)

    // Another computer that has never seen them asks the community.
    const second = await startCommunityApp(fake)
    const input = (nickname: string) => ({ email: `x${nickname.length}@example.com`, nickname, password: 'secret-1', passwordConfirm: 'secret-1' })
    expect(await second.refused('auth:signUp', input('관리자'.normalize('NFD')))).toEqual({ code: 'nicknameTaken', message: messages.nicknameTaken, field: 'nickname' })
    expect(await second.refused('auth:signUp', input('관\u200b리자'))).toMatchObject({ code: 'nicknameHidden', field: 'nickname' })
    expect(fake.data.accounts()).toHaveLength(1)
    await signUp(second, 'other', { nickname: '다른이' })
    expect(Object.values(fake.data.nicknames())).toHaveLength(2)
  })

  it('what the web app wrote is shown apart: a name with a hidden character, and two members with one name', async () => {
    const fake = createFakeFirebase()
    fake.webApp.addPost(webAppPost({ uid: 'real', email: 'real@example.com', nickname: '관리자' }, { postTxt: '공지예요', postDate: webDate(Date.now() - 60_000) }), 'real')
    fake.webApp.addPost(webAppPost({ uid: 'fake', email: 'fake@example.com', nickname: '관\u200b리자' }, { postTxt: '비밀번호를 알려 주세요', postDate: webDate(Date.now()) }), 'fake')
    const app = await startCommunityApp(fake)
    await signUp(app, 'reader')
    await app.settle()
    const authors = (await app.call('posts:feed', {})).posts.map((p) => [p.id, p.author.nickname])
    const shown = Object.fromEntries(authors)
    expect(shown.fake).toMatch(/^관리자#[0-9A-F]{4}$/)
    expect(shown.real).toMatch(/^관리자#[0-9A-F]{4}$/)
    expect(shown.real).not.toBe(shown.fake)
  })
})

describe('signing out my other copies in a community (issue 22, item 6)', () => {
  it('each other copy ends its own session, one offline as soon as it is back; this copy and a later sign-in stay', async () => {
    const fake = createFakeFirebase()
    const here = await startCommunityApp(fake)
    const account = await signUp(here, 'many')
    const laptop = await startCommunityApp(fake)
    await laptop.call('auth:login', { email: account.email, password: account.password })
    const away = await startCommunityApp(fake)
    await away.call('auth:login', { email: account.email, password: account.password })
    await here.settle()
    fake.setOnline(false, away.ports())

    expect(await here.call('auth:signOutOthers')).toEqual({ done: true })
    await vi.waitFor(() => expect(laptop.eventsOf('session:changed').at(-1)).toEqual({ user: null }), { timeout: 5000, interval: 20 })
    expect((await laptop.call('auth:session')).user).toBeNull()
    expect((await here.call('auth:session')).user?.email).toBe(account.email)
    expect((await away.call('auth:session')).user?.email).toBe(account.email)

    fake.setOnline(true, away.ports())
    await vi.waitFor(() => expect(away.eventsOf('session:changed').at(-1)).toEqual({ user: null }), { timeout: 5000, interval: 20 })
    expect((await away.call('auth:session')).user).toBeNull()

    // Signing in again later is not undone by the earlier sign-out, nor is this copy after a restart.
    await laptop.call('auth:login', { email: account.email, password: account.password })
    await laptop.settle()
    expect((await laptop.call('auth:session')).user?.email).toBe(account.email)
    here.close()
    const again = await startCommunityApp(fake, { dataDir: here.dataDir, profileDir: here.profileDir })
    await again.settle()
    expect((await again.call('auth:session')).user?.email).toBe(account.email)
  })
})

describe('changing the password in a community (설정 → 계정)', () => {
  it('re-authenticates with the current password, ends the other copies, and this copy stays signed in across a restart', async () => {
    const fake = createFakeFirebase()
    const here = await startCommunityApp(fake)
    const account = await signUp(here, 'changer')
    const laptop = await startCommunityApp(fake)
    await laptop.call('auth:login', { email: account.email, password: account.password })
    await here.settle()

    const input = (currentPassword: string, newPassword = 'brand-new-secret') => ({ currentPassword, newPassword, newPasswordConfirm: newPassword })
    expect(await here.refused('auth:changePassword', input('not-my-password'))).toMatchObject({ code: 'currentPasswordWrong', field: 'currentPassword' })
    expect(await here.refused('auth:changePassword', input(account.password, 'short'))).toMatchObject({ code: 'passwordShort', field: 'newPassword' })
    fake.failNext('auth.changePassword', 'offline')
    expect(await here.refused('auth:changePassword', input(account.password))).toMatchObject({ code: 'offlineWrite' })
    expect((await laptop.call('auth:session')).user?.email).toBe(account.email)

    expect(await here.call('auth:changePassword', input(account.password))).toEqual({ done: true })
    await vi.waitFor(() => expect(laptop.eventsOf('session:changed').at(-1)).toEqual({ user: null }), { timeout: 5000, interval: 20 })
    expect((await here.call('auth:session')).user?.email).toBe(account.email)
    expect(await laptop.refused('auth:login', { email: account.email, password: account.password })).toMatchObject({ code: 'loginFailed' })

    // The credential Firebase renewed was saved: the restart signs in again without the old one.
    here.close()
    const again = await startCommunityApp(fake, { dataDir: here.dataDir, profileDir: here.profileDir })
    await again.settle()
    expect((await again.call('auth:session')).user?.email).toBe(account.email)
  })
})
