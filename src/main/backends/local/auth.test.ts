import { afterEach, describe, expect, it, vi } from 'vitest'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { messages, type MessageKey } from '@shared/messages'
import type { SignUpInput } from '@shared/ipc/contract'
import { cleanupTestApps, createClock, createPost, logIn, signUp, startApp, testScrypt, tinyJpeg, type TestApp } from '../../../../tests/support/main/test-app'
import { parseHashParams } from '../../core/password'
import { failuresPerMinute } from '../../core/login-throttle'
import { databaseOf } from '../../store/handle'

afterEach(cleanupTestApps)

const valid: SignUpInput = { email: 'minji@example.com', nickname: '민지', password: 'secret1', passwordConfirm: 'secret1' }

const userCount = (app: TestApp) => (databaseOf(app.store).prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n
const sessionRows = (app: TestApp) =>
  (databaseOf(app.store).prepare('SELECT token_hash, user_id FROM sessions').all() as { token_hash: string; user_id: string }[])
const savedToken = (app: TestApp) => readFile(join(app.profileDir, 'session'), 'utf8')

describe('sign-up validation', () => {
  const cases: [string, Partial<SignUpInput>, MessageKey, string][] = [
    ['an email without @', { email: 'minji.example.com' }, 'emailInvalid', 'email'],
    ['an email whose domain has no dot', { email: 'minji@example' }, 'emailInvalid', 'email'],
    ['an email with a space', { email: 'min ji@example.com' }, 'emailInvalid', 'email'],
    ['an empty email', { email: '' }, 'emailInvalid', 'email'],
    ['an email over 254 characters', { email: `${'a'.repeat(243)}@example.com` }, 'emailTooLong', 'email'],
    ['an empty nickname', { nickname: '' }, 'nicknameRequired', 'nickname'],
    ['a blank nickname', { nickname: '  \t ' }, 'nicknameRequired', 'nickname'],
    ['a nickname over 20 characters', { nickname: '가'.repeat(21) }, 'nicknameTooLong', 'nickname'],
    ['a 5-character password', { password: '12345', passwordConfirm: '12345' }, 'passwordShort', 'password'],
    ['a password over 128 characters', { password: 'p'.repeat(129), passwordConfirm: 'p'.repeat(129) }, 'passwordTooLong', 'password'],
    ['a short mismatch', { password: 'abcdef', passwordConfirm: 'abcdeg' }, 'passwordMismatch', 'passwordConfirm'],
    // The web app let a long mismatching confirmation through (docs/specification.md §10); Magpie flags any mismatch.
    ['a long mismatch', { password: 'long-password-1', passwordConfirm: 'long-password-2' }, 'passwordMismatch', 'passwordConfirm'],
    ['an empty confirmation', { passwordConfirm: '' }, 'passwordMismatch', 'passwordConfirm']
  ]

  it.each(cases)('refuses %s with its Korean message on its field, creating nobody', async (_name, change, code, field) => {
    const app = await startApp()
    const error = await app.refused('auth:signUp', { ...valid, ...change })
    expect(error).toEqual({ code, message: messages[code], field })
    expect(userCount(app)).toBe(0)
    expect((await app.call('auth:session')).user).toBeNull()
  })

  it('accepts the limits themselves: 254-char email, 20-char nickname, 6 and 128-char passwords', async () => {
    const app = await startApp()
    const email = `${'a'.repeat(242)}@example.com`
    expect(email).toHaveLength(254)
    await app.call('auth:signUp', { email, nickname: '가'.repeat(20), password: 'p'.repeat(128), passwordConfirm: 'p'.repeat(128) })
    await app.call('auth:signUp', { email: 'six@example.com', nickname: 'six', password: '123456', passwordConfirm: '123456' })
    expect(userCount(app)).toBe(2)
  })

  it('refuses a taken email whatever its case, as emailTaken on the email field', async () => {
    const app = await startApp()
    await app.call('auth:signUp', { ...valid, email: 'Kim@Example.com' })
    await app.call('auth:logout')
    const error = await app.refused('auth:signUp', { ...valid, email: '  kim@example.COM ', nickname: '다른 사람' })
    expect(error).toEqual({ code: 'emailTaken', message: messages.emailTaken, field: 'email' })
    expect(userCount(app)).toBe(1)
    expect((await app.call('auth:session')).user).toBeNull()
  })
})

describe('sign-up', () => {
  it('signs the new user in and returns their own email, trimmed nickname and no avatar', async () => {
    const app = await startApp()
    const session = await app.call('auth:signUp', { ...valid, email: ' minji@example.com ', nickname: '  민지 ' })
    expect(session.user).toMatchObject({ email: 'minji@example.com', nickname: '민지', avatar: null })
    expect(session.user!.id).toEqual(expect.any(String))
    expect(await app.call('auth:session')).toEqual(session)
    expect(app.eventsOf('session:changed').at(-1)).toEqual(session)
  })

  it('stores only a scrypt hash with the configured parameters, never the password', async () => {
    const app = await startApp()
    await app.call('auth:signUp', valid)
    const { password_hash: hash } = databaseOf(app.store).prepare('SELECT password_hash FROM users').get() as { password_hash: string }
    expect(hash).not.toContain(valid.password)
    expect(hash.startsWith(`scrypt$${testScrypt.N}$${testScrypt.r}$${testScrypt.p}$`)).toBe(true)
    expect(parseHashParams(hash)).toEqual(testScrypt)
  })

  it('with a profile image: the user gets an avatar with variants whose files exist', async () => {
    const app = await startApp()
    const session = await app.call('auth:signUp', { ...valid, profileImage: await tinyJpeg('#ff8800', 400, 400) })
    const avatar = session.user!.avatar!
    expect(avatar).toMatchObject({ width: 400, height: 400 })
    expect(avatar.placeholder.length).toBeGreaterThan(0)
    expect(avatar.variants.length).toBeGreaterThan(0)
    for (const variant of avatar.variants) {
      expect(variant.url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/)
      expect(existsSync(join(app.magpie.imagesDir, variant.url.slice('/media/'.length)))).toBe(true)
    }
    const row = databaseOf(app.store).prepare('SELECT owner_id, attached, purpose FROM images WHERE id = ?').get(avatar.id)
    expect(row).toEqual({ owner_id: session.user!.id, attached: 1, purpose: 'profile' })
  })

  it('when two app copies sign up the same email at once: one wins, the other gets emailTaken and leaves no files', async () => {
    const a = await startApp()
    const b = await startApp({ dataDir: a.dataDir })
    const [first, second] = await Promise.all([
      a.magpie.dispatch('auth:signUp', { ...valid, profileImage: await tinyJpeg('#ff0000', 300, 300) }),
      b.magpie.dispatch('auth:signUp', { ...valid, email: 'MINJI@example.com', profileImage: await tinyJpeg('#00ff00', 300, 300) })
    ])
    const results = [first, second]
    const winner = results.find((r) => r.ok)
    const loser = results.find((r) => !r.ok)
    expect(winner).toBeDefined()
    expect(loser).toEqual({ ok: false, error: { code: 'emailTaken', message: messages.emailTaken, field: 'email' } })
    expect(userCount(a)).toBe(1)
    const avatar = (winner!.data as { user: { avatar: { variants: { url: string }[] } } }).user.avatar
    const files = (await readdir(a.magpie.imagesDir)).sort()
    expect(files).toEqual(avatar.variants.map((v) => v.url.slice('/media/'.length)).sort())
  })

  it('with a profile image that is not an image: refused, and nobody is created', async () => {
    const app = await startApp()
    const error = await app.refused('auth:signUp', { ...valid, profileImage: new TextEncoder().encode('<svg onload="x()"/>') })
    expect(error.code).toBe('imageUnsupported')
    expect(userCount(app)).toBe(0)
  })
})

describe('login and logout', () => {
  it('logs in with the email in any case, and logout clears the session, the token file and the badge', async () => {
    const app = await startApp()
    const account = await signUp(app, 'jisoo')
    await app.call('auth:logout')
    expect((await app.call('auth:session')).user).toBeNull()

    const user = await logIn(app, { email: ' JISOO@example.com ', password: account.password })
    expect(user).toEqual(account.user)
    expect(existsSync(join(app.profileDir, 'session'))).toBe(true)

    const out = await app.call('auth:logout')
    expect(out).toEqual({ user: null })
    expect((await app.call('auth:session')).user).toBeNull()
    expect(existsSync(join(app.profileDir, 'session'))).toBe(false)
    expect(sessionRows(app)).toEqual([])
    expect(app.desktop.recording.badge).toBe(0)
    expect(app.eventsOf('session:changed').at(-1)).toEqual({ user: null })
  })

  it('gives the same loginFailed for an unknown email and for a wrong password', async () => {
    const app = await startApp()
    const account = await signUp(app, 'jisoo')
    await app.call('auth:logout')
    const unknown = await app.refused('auth:login', { email: 'nobody@example.com', password: account.password })
    const wrong = await app.refused('auth:login', { email: account.email, password: account.password + 'x' })
    expect(unknown).toEqual({ code: 'loginFailed', message: messages.loginFailed })
    expect(wrong).toEqual(unknown)
    expect((await app.call('auth:session')).user).toBeNull()
  })

  it('keeps the signed-in user when a login attempt for another account fails', async () => {
    const app = await startApp()
    const account = await signUp(app, 'jisoo')
    await app.refused('auth:login', { email: 'nobody@example.com', password: 'whatever' })
    expect((await app.call('auth:session')).user?.id).toBe(account.user.id)
  })

  it('throttles after 5 failures in a row, allows a try after the delay, and a success resets it', async () => {
    const clock = createClock()
    const app = await startApp({ clock })
    const account = await signUp(app, 'target')
    await app.call('auth:logout')
    const wrong = { email: account.email, password: 'wrong-password' }

    for (let i = 0; i < 5; i++) expect((await app.refused('auth:login', wrong)).code).toBe('loginFailed')
    // Even the right password waits now: the throttle answers before the password is checked.
    expect(await app.refused('auth:login', { email: account.email, password: account.password })).toEqual({
      code: 'tooManyRequests',
      message: messages.tooManyRequests
    })
    // The same account under another case is the same account.
    expect((await app.refused('auth:login', { ...wrong, email: 'TARGET@example.com' })).code).toBe('tooManyRequests')

    clock.advance(1000)
    expect((await app.refused('auth:login', wrong)).code).toBe('loginFailed')
    // The sixth failure doubles the wait to 2 s.
    clock.advance(1000)
    expect((await app.refused('auth:login', wrong)).code).toBe('tooManyRequests')
    clock.advance(1000)
    expect(await logIn(app, account)).toEqual(account.user)

    // A success starts the count over: five free failures again.
    await app.call('auth:logout')
    for (let i = 0; i < 5; i++) expect((await app.refused('auth:login', wrong)).code).toBe('loginFailed')
    expect((await app.refused('auth:login', wrong)).code).toBe('tooManyRequests')
  })

  it('cannot be bypassed by sending many guesses at once: only 5 get checked', async () => {
    const app = await startApp()
    const account = await signUp(app, 'target')
    await app.call('auth:logout')
    const guesses = Array.from({ length: 12 }, (_, i) => app.magpie.dispatch('auth:login', { email: account.email, password: `guess-${i}` }))
    const codes = (await Promise.all(guesses)).map((r) => (r.ok ? 'ok' : r.error.code))
    expect(codes.filter((c) => c === 'loginFailed')).toHaveLength(5)
    expect(codes.filter((c) => c === 'tooManyRequests')).toHaveLength(7)
  })

  it('survives a double submit: both logins answer, and the copy stays signed in after a restart', async () => {
    const app = await startApp()
    const account = await signUp(app, 'double')
    await app.call('auth:logout')
    const results = await Promise.all([0, 1, 2].map(() => app.magpie.dispatch('auth:login', { email: account.email, password: account.password })))
    expect(results).toEqual([0, 1, 2].map(() => ({ ok: true, data: { user: account.user } })))
    expect(sessionRows(app)).toHaveLength(1)
    app.close()
    const again = await startApp({ dataDir: app.dataDir, profileDir: app.profileDir })
    expect((await again.call('auth:session')).user).toEqual(account.user)
  })

  it(`slows guessing across accounts too: at most ${failuresPerMinute} failed tries a minute, any emails`, async () => {
    const clock = createClock()
    const app = await startApp({ clock })
    const account = await signUp(app, 'owner')
    await app.call('auth:logout')
    for (let i = 0; i < failuresPerMinute; i++) expect((await app.refused('auth:login', { email: `guess${i}@example.com`, password: 'nope-nope' })).code).toBe('loginFailed')
    expect((await app.refused('auth:login', { email: 'another@example.com', password: 'nope-nope' })).code).toBe('tooManyRequests')
    expect((await app.refused('auth:login', { email: account.email, password: account.password })).code).toBe('tooManyRequests')
    // A minute after the first of them, tries are taken again; the refused ones did not count.
    clock.advance(60_000)
    expect(await logIn(app, account)).toEqual(account.user)
  })

  it('throttles one account without slowing down another', async () => {
    const app = await startApp()
    const other = await signUp(app, 'other')
    await app.call('auth:logout')
    for (let i = 0; i < 6; i++) await app.refused('auth:login', { email: 'victim@example.com', password: 'nope-nope' })
    expect((await app.refused('auth:login', { email: 'victim@example.com', password: 'nope-nope' })).code).toBe('tooManyRequests')
    expect(await logIn(app, other)).toEqual(other.user)
  })
})

describe('the session token', () => {
  it('survives a restart of the app copy', async () => {
    const first = await startApp()
    const account = await signUp(first, 'stays')
    first.close()
    const second = await startApp({ dataDir: first.dataDir, profileDir: first.profileDir })
    expect((await second.call('auth:session')).user).toEqual(account.user)
    expect(second.eventsOf('session:changed')).toEqual([])
  })

  it('is kept in the store only as a hash: the raw token is in no table and nowhere in the database files', async () => {
    const app = await startApp()
    const account = await signUp(app, 'hashed')
    const token = await savedToken(app)
    expect(token.length).toBeGreaterThanOrEqual(40)
    const rows = sessionRows(app)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.user_id).toBe(account.user.id)
    expect(rows[0]!.token_hash).not.toBe(token)
    app.close()
    for (const file of ['magpie.db', 'magpie.db-wal']) {
      const path = join(app.dataDir, file)
      if (existsSync(path)) expect((await readFile(path)).includes(Buffer.from(token))).toBe(false)
    }
  })

  it('is rotated at each login, and the replaced session no longer signs anyone in', async () => {
    const app = await startApp()
    const account = await signUp(app, 'rotates')
    const first = await savedToken(app)
    const firstHash = sessionRows(app)[0]!.token_hash

    await logIn(app, account) // while signed in: the old session is replaced, not kept
    const second = await savedToken(app)
    expect(second).not.toBe(first)
    expect(sessionRows(app).map((r) => r.token_hash)).not.toContain(firstHash)
    expect(sessionRows(app)).toHaveLength(1)

    await app.call('auth:logout')
    await logIn(app, account)
    const third = await savedToken(app)
    expect(new Set([first, second, third]).size).toBe(3)
    expect(sessionRows(app)).toHaveLength(1)
  })

  it('signs nobody in at start when the stored session was revoked, and forgets the token file', async () => {
    const first = await startApp()
    await signUp(first, 'revoked')
    databaseOf(first.store).prepare('DELETE FROM sessions').run()
    first.close()
    const second = await startApp({ dataDir: first.dataDir, profileDir: first.profileDir })
    expect((await second.call('auth:session')).user).toBeNull()
    expect(existsSync(join(first.profileDir, 'session'))).toBe(false)
  })

  it('keeps two app copies on one store signed in as two different people', async () => {
    const a = await startApp()
    const b = await startApp({ dataDir: a.dataDir })
    const alice = await signUp(a, 'alice')
    const bob = await signUp(b, 'bob')
    expect((await a.call('auth:session')).user?.id).toBe(alice.user.id)
    expect((await b.call('auth:session')).user?.id).toBe(bob.user.id)
    await b.call('auth:logout')
    expect((await a.call('auth:session')).user?.id).toBe(alice.user.id)
  })

  it('lets one person be signed in on two app copies, each with its own session', async () => {
    const a = await startApp()
    const alice = await signUp(a, 'alice')
    const b = await startApp({ dataDir: a.dataDir })
    await logIn(b, alice)
    expect(sessionRows(a)).toHaveLength(2)
    await a.call('auth:logout')
    expect((await b.call('auth:session')).user?.id).toBe(alice.user.id)
  })
})

describe('look-alike identities (issue 22, item 3)', () => {
  const account = (email: string, nickname: string): SignUpInput => ({ email, nickname, password: 'secret1', passwordConfirm: 'secret1' })

  it('one email however it was typed: NFD, fullwidth or another case is the same account, for sign-up and for login', async () => {
    const app = await startApp()
    await app.call('auth:signUp', account('émile@example.com', '에밀'))
    await app.call('auth:logout')
    for (const email of ['émile@example.com'.normalize('NFD'), 'ÉMILE@EXAMPLE.COM', 'ｅ\u0301mile@ｅxample.com']) {
      expect(await app.refused('auth:signUp', account(email, `다른${userCount(app)}`))).toMatchObject({ code: 'emailTaken', field: 'email' })
    }
    expect((await app.call('auth:login', { email: 'ÉMILE@example.com'.normalize('NFD'), password: 'secret1' })).user?.nickname).toBe('에밀')
    expect(await app.refused('auth:signUp', account('e\u200bmile@example.com', '에밀2'))).toMatchObject({ code: 'emailHidden', field: 'email' })
    expect(userCount(app)).toBe(1)
  })

  it('refuses a nickname that looks like one already taken, in any disguise, and stores what is accepted composed', async () => {
    const app = await startApp()
    await app.call('auth:signUp', account('admin@example.com', '관리자'.normalize('NFD')))
    expect(databaseOf(app.store).prepare('SELECT nickname FROM users').get()).toEqual({ nickname: '관리자' })
    await app.call('auth:logout')
    for (const [i, nickname] of ['관리자', ' 관리자', '관리자'.normalize('NFD')].entries()) {
      expect(await app.refused('auth:signUp', account(`x${i}@example.com`, nickname))).toEqual({ code: 'nicknameTaken', message: messages.nicknameTaken, field: 'nickname' })
    }
    for (const [i, nickname] of ['관\u200b리자', '\u3164관리자', '\u202e자리관', '관리\u0000자'].entries()) {
      expect(await app.refused('auth:signUp', account(`y${i}@example.com`, nickname))).toMatchObject({ code: 'nicknameHidden', field: 'nickname' })
    }
    await app.call('auth:signUp', account('game@example.com', 'game'))
    await app.call('auth:logout')
    expect(await app.refused('auth:signUp', account('z@example.com', 'gаme'))).toMatchObject({ code: 'nicknameTaken' }) // Cyrillic а
    expect(await app.refused('auth:signUp', account('w@example.com', 'GAME'))).toMatchObject({ code: 'nicknameTaken' })
    expect(userCount(app)).toBe(2)
  })

  it('shows look-alikes already in the store apart, in the feed and comments, each with their own mark', async () => {
    const app = await startApp()
    const real = await signUp(app, 'admin', { nickname: '관리자' })
    await app.call('auth:logout')
    const other = await signUp(app, 'other', { nickname: '다른이' })
    // What an older Magpie let through: the same name twice, and one with a zero-width space.
    const db = databaseOf(app.store)
    db.prepare("UPDATE users SET nickname = '관\u200b리자' WHERE email = ?").run(other.email)
    const session = await app.call('auth:session')
    expect(session.user!.nickname).toMatch(/^관리자#[0-9A-F]{4}$/)
    const post = await createPost(app, '비밀번호를 알려 주세요')
    expect(post.author.nickname).toBe(session.user!.nickname)
    await app.call('comments:add', { postId: post.id, text: '관리자예요' })
    await app.call('auth:logout')
    await app.call('auth:login', { email: real.email, password: real.password })
    const shown = (await app.call('auth:session')).user!.nickname
    expect(shown).toMatch(/^관리자#[0-9A-F]{4}$/)
    expect(shown).not.toBe(session.user!.nickname)
    const feed = await app.call('posts:feed', {})
    expect(feed.posts[0]!.author.nickname).toBe(session.user!.nickname)
    await app.call('comments:add', { postId: post.id, text: '제가 진짜예요' })
    const comments = await app.call('comments:list', { postId: post.id })
    expect(comments.comments.map((c) => c.author.nickname)).toEqual([session.user!.nickname, shown])
    // Once the look-alike is gone, the real name shows plain again.
    db.prepare("UPDATE users SET nickname = '다른이' WHERE email = ?").run(other.email)
    expect((await app.call('auth:session')).user!.nickname).toBe('관리자')
  })
})

describe('signing out my other copies (issue 22, item 6)', () => {
  it('ends the person\'s sessions in every other copy, which says so at once; this copy and other people stay signed in', async () => {
    const here = await startApp()
    const account = await signUp(here, 'many')
    const laptop = await startApp({ dataDir: here.dataDir })
    await logIn(laptop, account)
    const someoneElse = await startApp({ dataDir: here.dataDir })
    await signUp(someoneElse, 'else')
    expect(sessionRows(here)).toHaveLength(3)
    const elseEvents = someoneElse.eventsOf('session:changed').length

    expect(await here.call('auth:signOutOthers')).toEqual({ done: true })
    expect((await here.call('auth:session')).user?.email).toBe(account.email)
    expect((await someoneElse.call('auth:session')).user).not.toBeNull()
    // The laptop's window hears of it from the change log, without being asked.
    await vi.waitFor(() => expect(laptop.eventsOf('session:changed').at(-1)).toEqual({ user: null }), { timeout: 5000, interval: 20 })
    expect((await laptop.call('auth:session')).user).toBeNull()
    expect(await laptop.refused('posts:create', { photos: [], text: '아직 될까요', layout: 'Top' })).toMatchObject({ code: 'loginFirstWrite' })
    expect(sessionRows(here)).toHaveLength(2)
    expect(someoneElse.eventsOf('session:changed').slice(elseEvents).filter((e) => e.user === null)).toEqual([])
  })

  it('is refused to someone signed out', async () => {
    const app = await startApp()
    expect(await app.refused('auth:signOutOthers')).toMatchObject({ code: 'loginRequired' })
  })
})

describe('changing the password (설정 → 계정)', () => {
  it('needs the current password on its field, follows the sign-up rules, and ends the person\'s other sessions only', async () => {
    const here = await startApp()
    const account = await signUp(here, 'changer')
    const laptop = await startApp({ dataDir: here.dataDir })
    await logIn(laptop, account)
    const someoneElse = await startApp({ dataDir: here.dataDir })
    await signUp(someoneElse, 'bystander')

    const change = (currentPassword: string, newPassword: string, newPasswordConfirm = newPassword) =>
      here.refused('auth:changePassword', { currentPassword, newPassword, newPasswordConfirm })
    expect(await change('not-my-password', 'brand-new-secret')).toMatchObject({ code: 'currentPasswordWrong', field: 'currentPassword', message: messages.currentPasswordWrong })
    expect(await change(account.password, 'short')).toMatchObject({ code: 'passwordShort', field: 'newPassword' })
    expect(await change(account.password, 'brand-new-secret', 'brand-new-secreT')).toMatchObject({ code: 'passwordMismatch', field: 'newPasswordConfirm' })
    expect(await change(account.password, account.password)).toMatchObject({ code: 'newPasswordSame', field: 'newPassword' })
    expect(await change('', 'brand-new-secret')).toMatchObject({ code: 'currentPasswordRequired', field: 'currentPassword' })
    expect((await laptop.call('auth:session')).user).not.toBeNull()

    expect(await here.call('auth:changePassword', { currentPassword: account.password, newPassword: 'brand-new-secret', newPasswordConfirm: 'brand-new-secret' })).toEqual({ done: true })
    expect((await here.call('auth:session')).user?.email).toBe(account.email)
    await vi.waitFor(() => expect(laptop.eventsOf('session:changed').at(-1)).toEqual({ user: null }), { timeout: 5000, interval: 20 })
    expect((await someoneElse.call('auth:session')).user).not.toBeNull()
    expect(await laptop.refused('auth:login', { email: account.email, password: account.password })).toMatchObject({ code: 'loginFailed' })
    expect((await laptop.call('auth:login', { email: account.email, password: 'brand-new-secret' })).user?.email).toBe(account.email)
  })

  it('is throttled with the logins: guessing the current password here slows down as guessing at the login does', async () => {
    const clock = createClock()
    const app = await startApp({ clock })
    const account = await signUp(app, 'guessed')
    const guess = () => app.refused('auth:changePassword', { currentPassword: 'a-wrong-guess', newPassword: 'brand-new-secret', newPasswordConfirm: 'brand-new-secret' })
    for (let i = 0; i < 5; i++) expect(await guess()).toMatchObject({ code: 'currentPasswordWrong' })
    expect(await guess()).toMatchObject({ code: 'tooManyRequests' })
    expect(await app.refused('auth:login', { email: account.email, password: account.password })).toMatchObject({ code: 'tooManyRequests' })
  })
})
