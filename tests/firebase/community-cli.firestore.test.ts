/**
 * `npm run community -- …` (scripts/community) on the Auth and Firestore emulators: the
 * moderator claim is set, taken away and listed with the Admin SDK, other claims stay, and
 * require-alt-text, rescan and access write settings/community (access members-only imports the members first); mistakes get a clear message and a failing exit.
 */
import { spawnSync } from 'node:child_process'
import { initializeApp, deleteApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { FieldValue, getFirestore } from 'firebase-admin/firestore'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommandError, run } from '../../scripts/community/commands'
import { emailKey } from '../../scripts/community/identities'
import { personKey } from '../../src/main/store/person-key'

describe('npm run community', () => {
  let admin: App
  const project = ['--project', 'demo-magpie']
  const email = `mod-${Date.now()}@example.com`

  beforeAll(async () => {
    admin = initializeApp({ projectId: 'demo-magpie' }, 'cli-test')
    await getAuth(admin).createUser({ email, password: 'secret-pass' })
  })
  afterAll(async () => {
    await deleteApp(admin)
  })

  const claims = async () => (await getAuth(admin).getUserByEmail(email)).customClaims ?? {}

  it('adds, lists and removes a moderator by email, keeping other claims', async () => {
    const user = await getAuth(admin).getUserByEmail(email)
    await getAuth(admin).setCustomUserClaims(user.uid, { team: 'photo' })
    expect(await run(['moderator', 'add', email, ...project])).toContain('관리자로 지정했어요')
    expect(await claims()).toEqual({ team: 'photo', moderator: true })
    expect((await run(['moderator', 'list', ...project])).split('\n')).toContain(email)
    expect(await run(['moderator', 'remove', email, ...project])).toContain('관리자에서 뺐어요')
    expect(await claims()).toEqual({ team: 'photo' })
    expect((await run(['moderator', 'list', ...project])).split('\n')).not.toContain(email)
  })

  it('writes settings/community.requireAltText', async () => {
    await run(['require-alt-text', 'on', ...project])
    expect((await getFirestore(admin).doc('settings/community').get()).data()).toEqual({ requireAltText: true })
    await run(['require-alt-text', 'off', ...project])
    expect((await getFirestore(admin).doc('settings/community').get()).data()).toEqual({ requireAltText: false })
  })

  it('identities fill binds each users document\'s email to its uid once, keeps every entry already there, and names an email two uids wrote', async () => {
    const db = getFirestore(admin)
    const stamp = Date.now()
    const one = { uid: `u1-${stamp}`, email: `One-${stamp}@Example.com` }
    const claimed = { uid: `u2-${stamp}`, email: `two-${stamp}@example.com` }
    const twice = `dup-${stamp}@example.com`
    const user = (uid: string, email: string) => ({ uid, user_id: email, nickname: uid.slice(0, 20), profile_img: '', alerts: [] })
    await db.doc(`users/web-${stamp}-1`).set(user(one.uid, one.email))
    await db.doc(`users/${claimed.uid}`).set(user(claimed.uid, claimed.email))
    await db.doc(`users/web-${stamp}-3`).set(user(`old-${stamp}`, twice))
    await db.doc(`users/web-${stamp}-4`).set(user(`new-${stamp}`, twice))
    await db.doc(`users/web-${stamp}-5`).set({ nickname: 'no email' })
    // Magpie claimed this one already, for the uid it belongs to: the fill leaves it as it is.
    await db.doc(`emails/${emailKey(claimed.email)}`).set({ uid: claimed.uid, at: new Date(0) })

    const first = await run(['identities', 'fill', ...project])
    expect(first).toContain('계정에 묶었어요')
    expect(first.split('\n')).toContain(twice)
    expect(emailKey(one.email)).toBe(personKey(one.email))
    expect((await db.doc(`emails/${emailKey(one.email)}`).get()).data()).toMatchObject({ uid: one.uid })
    expect((await db.doc(`emails/${emailKey(claimed.email)}`).get()).data()).toEqual({ uid: claimed.uid, at: expect.anything() })
    expect((await db.doc(`emails/${emailKey(claimed.email)}`).get()).get('at').toMillis()).toBe(0)
    expect((await db.doc(`emails/${emailKey(twice)}`).get()).exists).toBe(false)

    // Idempotent: a second run claims nothing more and changes nothing.
    const second = await run(['identities', 'fill', ...project])
    expect(second).toMatch(/^이메일 0개를 계정에 묶었어요/)
    expect((await db.doc(`emails/${emailKey(one.email)}`).get()).data()).toMatchObject({ uid: one.uid })
  })

  it('rescan marks settings/community.postsRescanAt with the server time, keeping the other settings', async () => {
    await run(['require-alt-text', 'on', ...project])
    const before = Date.now()
    expect(await run(['rescan', ...project])).toMatch(/다시 찾아요/)
    const data = (await getFirestore(admin).doc('settings/community').get()).data()!
    expect(data.requireAltText).toBe(true)
    expect(data.postsRescanAt.toMillis()).toBeGreaterThanOrEqual(before - 60_000)
    await run(['require-alt-text', 'off', ...project])
  })

  it('access members-only imports every users document\'s uid as a member once, marks the moderators, then closes; open keeps the members', async () => {
    const db = getFirestore(admin)
    const stamp = Date.now()
    const user = (uid: string) => ({ uid, user_id: `${uid}@example.com`, nickname: uid.slice(0, 20), profile_img: '', alerts: [] })
    await db.doc(`users/web-${stamp}-1`).set(user(`m1-${stamp}`))
    await db.doc(`users/m2-${stamp}`).set(user(`m2-${stamp}`))
    await db.doc(`users/web-${stamp}-3`).set({ nickname: 'no uid' })
    // Approved already: the import leaves it as it is.
    await db.doc(`members/m2-${stamp}`).set({ uid: `m2-${stamp}`, at: new Date(0), via: 'approval', by: 'mod' })
    await run(['moderator', 'add', email, ...project])
    const modUid = (await getAuth(admin).getUserByEmail(email)).uid
    await db.doc(`moderators/${modUid}`).delete()

    const first = await run(['access', 'members-only', ...project])
    expect(first).toMatch(/회원 [1-9][0-9]*명을 가져왔어요/)
    expect(first).toContain('이제 회원만')
    expect((await db.doc(`members/m1-${stamp}`).get()).data()).toEqual({ uid: `m1-${stamp}`, at: expect.anything(), via: 'import' })
    expect((await db.doc(`members/m2-${stamp}`).get()).data()).toMatchObject({ via: 'approval', by: 'mod' })
    expect((await db.doc(`moderators/${modUid}`).get()).exists).toBe(true)
    expect((await db.doc('settings/community').get()).get('access')).toBe('members-only')

    // Idempotent: a second run imports nobody and says the community was closed already.
    const second = await run(['access', 'members-only', ...project])
    expect(second).toMatch(/^회원 0명을 가져왔어요/)
    expect(second).toContain('이미 회원만')

    expect(await run(['access', 'open', ...project])).toContain('이제 누구나')
    expect((await db.doc('settings/community').get()).get('access')).toBe('open')
    expect((await db.doc(`members/m1-${stamp}`).get()).exists).toBe(true)
    expect(await run(['access', 'open', ...project])).toContain('이미 누구나')
    await expect(run(['access', 'closed', ...project])).rejects.toThrow(/members-only 또는 open/)

    await run(['moderator', 'remove', email, ...project])
    expect((await db.doc(`moderators/${modUid}`).get()).exists).toBe(false)
    await db.doc('settings/community').update({ access: FieldValue.delete() })
  })

  it('explains an unknown email, a missing action, a missing key and a key file that is not there', async () => {
    await expect(run(['moderator', 'add', 'nobody@example.com', ...project])).rejects.toThrow(/계정이 없어요/)
    await expect(run(['moderator', 'promote', email, ...project])).rejects.toThrow(CommandError)
    await expect(run(['require-alt-text', 'maybe', ...project])).rejects.toThrow(/on 또는 off/)
    await expect(run(['identities', 'empty', ...project])).rejects.toThrow(/fill을 적어 주세요/)
    await expect(run(['moderator', 'list'], { PATH: process.env.PATH })).rejects.toThrow(/서비스 계정 키가 없어요/)
    await expect(run(['moderator', 'list', '--key', '/nonexistent/key.json'], { PATH: process.env.PATH })).rejects.toThrow(/키 파일이 없어요/)
  })

  it('exits non-zero with the message when run as the npm script does', () => {
    const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '', FIRESTORE_EMULATOR_HOST: '', GOOGLE_APPLICATION_CREDENTIALS: '' }
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/community/cli.ts', 'moderator', 'list'], { encoding: 'utf8', env, timeout: 60_000 })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('서비스 계정 키가 없어요')
  })
})
