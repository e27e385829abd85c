/**
 * The SDK adapter's 신고 methods (src/main/firebase/sdk-adapter/moderation.ts) on the Firestore
 * emulator with the shipped rules loaded and real accounts of the Auth emulator; the moderator's
 * claim set with the Admin SDK, as `npm run community -- moderator add` does
 * (docs/decisions/030-reports-and-moderators.md).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FirebasePorts, FirebaseUser, NoticeDoc, Snapshot } from '../../src/main/firebase/ports'
import { webDate } from '../../src/main/firebase/mapping'
import { personKey } from '../../src/main/store/person-key'
import { emulatorHost as hostOf, PROJECT_ID } from '../support/emulators/project'
import { rulesEnvironment } from '../support/emulators/rules'
import { authEmulatorHost, failure, liveValues, nextValue, signedIn } from '../support/emulators/sdk'

describe('the adapter\'s 신고, moderation log and notices on the Firestore emulator', () => {
  let env: RulesTestEnvironment
  let admin: App
  let mod: { ports: FirebasePorts; user: FirebaseUser }
  let alice: { ports: FirebasePorts; user: FirebaseUser }
  let bob: { ports: FirebasePorts; user: FirebaseUser }

  beforeAll(async () => {
    const firestore = hostOf('firestore')
    env = await rulesEnvironment('firestore')
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= await authEmulatorHost()
    admin = initializeApp({ projectId: PROJECT_ID }, 'moderation-adapter-test')
    mod = await signedIn({ firestore }, 'mod')
    alice = await signedIn({ firestore }, 'alice')
    bob = await signedIn({ firestore }, 'bob')
    await getAuth(admin).setCustomUserClaims(mod.user.uid, { moderator: true })
    expect(await mod.ports.auth.moderator(true)).toBe(true)
    expect(await bob.ports.auth.moderator(true)).toBe(false)
  })
  afterAll(async () => {
    for (const who of [mod, alice, bob]) await who?.ports.close()
    await deleteApp(admin)
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env.clearFirestore()
  })

  it('takes a report once, never of one\'s own post; the moderator lists and closes them; the reporter finds and deletes their own', async () => {
    const post = await alice.ports.docs.addPost({
      postedBy: alice.user.email,
      posted_uid: alice.user.uid,
      nickname: '앨리스',
      profileImg: '',
      postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F1700000000000?alt=media',
      postTxt: '오늘의 사진',
      postDate: webDate(Date.now()),
      likedBy: [],
      layout: 'Top',
      createdAt: 0
    })
    const report = { by: bob.user.uid, kind: 'post' as const, target: post, reason: 'spam', note: '광고' }
    expect(await bob.ports.docs.addReport(report)).toBe(true)
    expect(await bob.ports.docs.addReport({ ...report, reason: 'abuse' })).toBe(false)
    expect((await failure(alice.ports.docs.addReport({ ...report, by: alice.user.uid }))).reason).toBe('permission-denied')
    expect((await failure(bob.ports.docs.reports(10))).reason).toBe('permission-denied')

    const open = await mod.ports.docs.reports(10)
    expect(open).toEqual([{ id: `${bob.user.uid}_post_${post}`, data: { ...report, at: expect.any(Number) } }])
    expect(open[0]!.data.at).toBeGreaterThan(Date.now() - 60_000)
    expect(await bob.ports.docs.reportsBy(bob.user.uid, 10)).toEqual(open)
    expect((await failure(alice.ports.docs.reportsBy(bob.user.uid, 10))).reason).toBe('permission-denied')
    await bob.ports.docs.deleteReport(open[0]!.id)
    expect(await mod.ports.docs.reports(10)).toEqual([])

    expect(await bob.ports.docs.addReport({ ...report, kind: 'post', target: post, note: '' })).toBe(true)
    await mod.ports.docs.closeReports('post', post)
    expect(await bob.ports.docs.reportsBy(bob.user.uid, 10)).toEqual([])
  })

  it('keeps the log for moderators, and a notice its person follows live and removes', async () => {
    const entry = { by: mod.user.uid, moderator: '관리자', author: '앨리스', kind: 'post' as const, excerpt: '오늘의 사진', reason: '광고예요' }
    await mod.ports.docs.addModerationLog(entry)
    expect(await mod.ports.docs.moderationLog(10)).toEqual([{ id: expect.any(String), data: { ...entry, at: expect.any(Number) } }])
    expect((await failure(bob.ports.docs.moderationLog(10))).reason).toBe('permission-denied')
    expect((await failure(bob.ports.docs.addModerationLog({ ...entry, by: bob.user.uid }))).reason).toBe('permission-denied')

    const key = personKey(alice.user.email)
    // One listener held through the test, as the app holds its own, and current before each write:
    // the emulator can answer a listen added while a write commits with the document as it was before,
    // and then never send the change (seen with a delete under load).
    const notices = liveValues<Snapshot<NoticeDoc>[]>((deliver, fail) => alice.ports.docs.watchNotices(key, deliver, fail))
    try {
      expect(await notices.next(() => true)).toEqual([])
      await mod.ports.docs.addNotice(key, { kind: 'post', excerpt: '오늘의 사진', reason: '광고예요' })
      const [notice] = await notices.next((docs) => docs.length === 1)
      expect(notice!.data).toEqual({ kind: 'post', excerpt: '오늘의 사진', reason: '광고예요', at: expect.any(Number) })
      // Nobody else reads or removes it; a non-moderator writes none.
      await expect(nextValue((deliver, fail) => bob.ports.docs.watchNotices(key, deliver, fail), () => true)).rejects.toMatchObject({ reason: 'permission-denied' })
      expect((await failure(bob.ports.docs.addNotice(key, { kind: 'post', excerpt: '', reason: '거짓' }))).reason).toBe('permission-denied')
      expect((await failure(bob.ports.docs.deleteNotice(key, notice!.id))).reason).toBe('permission-denied')
      await alice.ports.docs.deleteNotice(key, notice!.id)
      expect(await notices.next((docs) => docs.length === 0)).toEqual([])
    } finally {
      notices.stop()
    }
  })
})
