/**
 * Security rules for a post's photos (docs/decisions/031-post-photos.md) on the Firestore
 * emulator: morePhotos (at most 9 Storage URLs of post photos) and photoAlts (one 사진 설명 of at
 * most 1,000 characters per photo) on create and on the author's edit; settings/community, read
 * by anyone signed in and written by no client; and its requireAltText, which makes every 설명
 * of a write that carries photoAlts non-empty — while the web app's writes, which carry none, pass.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { beforeEach, describe, it } from 'vitest'
import { ALICE, BOB, firestoreRulesSuite, signedIn, visitor } from '../support/emulators/rules'
import { webDate } from '../../src/main/firebase/mapping'

describe('Firestore rules: a post\'s photos and settings/community', () => {
  let env: RulesTestEnvironment
  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()
  const photo = (n: number, host = 'https://firebasestorage.googleapis.com') => `${host}/v0/b/demo-magpie.appspot.com/o/postImg%2F${1700000000000 + n}?alt=media&token=t${n}`
  const urls = (n: number) => Array.from({ length: n }, (_, i) => photo(i + 1))

  /** A new post as Magpie writes it: the web app's fields, postImg the cover. */
  const post = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    postedBy: ALICE.email,
    posted_uid: ALICE.uid,
    nickname: '앨리스',
    profileImg: '',
    postImg: photo(0),
    postTxt: '오늘의 사진',
    postDate: webDate(Date.now()),
    likedBy: [],
    layout: 'Top',
    ...over
  })

  const seed = firestoreRulesSuite((started) => (env = started))
  const requireAlt = (on: boolean) => seed('settings/community', { requireAltText: on })
  const add = (data: Record<string, unknown>) => db(signedIn(env, ALICE)).collection('magazinePost').add(data)
  const edit = (patch: Record<string, unknown>, who = ALICE) => db(signedIn(env, who)).doc('magazinePost/p1').update(patch)

  describe('create', () => {
    it('allows 2 to 10 photos, each with a 설명 or none, and one photo with a 설명 (photoAlts alone)', async () => {
      await assertSucceeds(add(post({ morePhotos: urls(1), photoAlts: ['바다', ''] })))
      await assertSucceeds(add(post({ morePhotos: urls(9), photoAlts: Array.from({ length: 10 }, (_, i) => `사진 ${i}`) })))
      await assertSucceeds(add(post({ photoAlts: ['바다'] })))
      await assertSucceeds(add(post({ morePhotos: [photo(1, 'http://127.0.0.1:9199')], photoAlts: ['', ''] })))
    })

    it('allows a 설명 of exactly 1,000 characters, Korean or emoji', async () => {
      await assertSucceeds(add(post({ photoAlts: ['가'.repeat(1000)] })))
      await assertSucceeds(add(post({ photoAlts: ['🐦'.repeat(1000)] })))
    })

    it('denies more than 9 further photos, a URL that is not a Storage post photo, and a list that is not a list', async () => {
      await assertFails(add(post({ morePhotos: urls(10), photoAlts: Array(11).fill('') })))
      await assertFails(add(post({ morePhotos: ['https://example.com/cat.jpg'], photoAlts: ['', ''] })))
      await assertFails(add(post({ morePhotos: [photo(1).replace('postImg', 'profileImg')], photoAlts: ['', ''] })))
      await assertFails(add(post({ morePhotos: [photo(1), 42], photoAlts: ['', '', ''] })))
      await assertFails(add(post({ morePhotos: photo(1), photoAlts: ['', ''] })))
    })

    it('denies morePhotos without photoAlts, and photoAlts not one per photo', async () => {
      await assertFails(add(post({ morePhotos: urls(2) })))
      await assertFails(add(post({ morePhotos: urls(2), photoAlts: ['', ''] })))
      await assertFails(add(post({ morePhotos: urls(2), photoAlts: ['', '', '', ''] })))
      await assertFails(add(post({ photoAlts: ['', ''] })))
      await assertFails(add(post({ photoAlts: [] })))
    })

    it('denies a 설명 over 1,000 characters or that is not a string', async () => {
      await assertFails(add(post({ photoAlts: ['가'.repeat(1001)] })))
      await assertFails(add(post({ photoAlts: ['🐦'.repeat(1001)] })))
      await assertFails(add(post({ morePhotos: urls(1), photoAlts: ['', 7] })))
      await assertFails(add(post({ photoAlts: 'junk' })))
    })
  })

  describe('the author\'s edit', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', post({ postDate: '2023. 11. 14. 22:13' }))
    })

    it('allows adding, reordering and removing photos and changing a 설명 (morePhotos and photoAlts together)', async () => {
      await assertSucceeds(edit({ morePhotos: urls(2), photoAlts: ['', '둘', '셋'] }))
      await assertSucceeds(edit({ postImg: photo(2), morePhotos: [photo(0), photo(1)], photoAlts: ['셋', '', '둘'] }))
      await assertSucceeds(edit({ photoAlts: ['셋', '하나', '둘'] }))
      await assertSucceeds(edit({ morePhotos: [], photoAlts: [''] }))
    })

    it('denies photo fields that break the same bounds, and anyone but the author', async () => {
      await assertFails(edit({ morePhotos: urls(2) }))
      await assertFails(edit({ morePhotos: urls(10), photoAlts: Array(11).fill('') }))
      await assertFails(edit({ morePhotos: ['https://example.com/x.jpg'], photoAlts: ['', ''] }))
      await assertFails(edit({ photoAlts: ['가'.repeat(1001)] }))
      await assertFails(edit({ morePhotos: urls(1), photoAlts: ['', ''] }, BOB))
    })

    it('leaves the web app\'s edit (its six fields) as it was on a post with several photos', async () => {
      await seed('magazinePost/p1', post({ postDate: '2023. 11. 14. 22:13', morePhotos: urls(2), photoAlts: ['', '', ''] }))
      await assertSucceeds(edit({ id: 'p1', nickname: '앨리스', profileImg: '', postImg: photo(5), postTxt: '고친 글', layout: 'Left' }))
    })
  })

  describe('settings/community', () => {
    it('is read by anyone signed in, by get only; a visitor reads nothing', async () => {
      await requireAlt(true)
      await assertSucceeds(db(signedIn(env, BOB)).doc('settings/community').get())
      await assertFails(db(signedIn(env, BOB)).doc('settings/other').get())
      await assertFails(db(signedIn(env, BOB)).collection('settings').get())
      await assertFails(db(visitor(env)).doc('settings/community').get())
    })

    it('is written by no client', async () => {
      await assertFails(db(signedIn(env, ALICE)).doc('settings/community').set({ requireAltText: false }))
      await requireAlt(true)
      await assertFails(db(signedIn(env, ALICE)).doc('settings/community').update({ requireAltText: false }))
      await assertFails(db(signedIn(env, ALICE)).doc('settings/community').delete())
    })

    it('requireAltText: a write carrying photoAlts needs every 설명; one without photoAlts (the web app\'s) stays valid', async () => {
      await requireAlt(true)
      await assertSucceeds(add(post({ morePhotos: urls(1), photoAlts: ['바다', '하늘'] })))
      await assertFails(add(post({ morePhotos: urls(1), photoAlts: ['바다', ''] })))
      await assertFails(add(post({ morePhotos: urls(1), photoAlts: ['바다', '  '] })))
      await assertFails(add(post({ photoAlts: [''] })))
      await assertSucceeds(add(post()))

      await seed('magazinePost/p1', post({ postDate: '2023. 11. 14. 22:13' }))
      await assertFails(edit({ morePhotos: urls(1), photoAlts: ['', '하늘'] }))
      await assertSucceeds(edit({ morePhotos: urls(1), photoAlts: ['바다', '하늘'] }))
      await assertSucceeds(edit({ postTxt: '글만 고침' }))
      // Ten photos, every one checked, within the rules' budget of expressions.
      await assertSucceeds(edit({ postTxt: '열 장', layout: 'Right', morePhotos: urls(9), photoAlts: Array.from({ length: 10 }, (_, i) => `설명 ${i}`) }))
      await assertFails(edit({ morePhotos: urls(9), photoAlts: [...Array.from({ length: 9 }, (_, i) => `설명 ${i}`), ''] }))
    })

    it('requireAltText false or absent asks for nothing', async () => {
      await assertSucceeds(add(post({ morePhotos: urls(1), photoAlts: ['', ''] })))
      await requireAlt(false)
      await assertSucceeds(add(post({ morePhotos: urls(1), photoAlts: ['', ''] })))
      await seed('settings/community', {})
      await assertSucceeds(add(post({ photoAlts: [''] })))
    })
  })
})
