/**
 * Security rules tests for the community (Firebase) mode, Firestore part: every allow and
 * every deny of firebase/firestore.rules (docs/specification.md §6 enforced on the server; issue 5
 * "Security rules we ship"). The Realtime Database and Storage parts are in rules.test.ts.
 *
 * In `npm test` on the Cloud Firestore emulator the run starts (vitest.emulators.config.ts),
 * and in `npm run test:firebase` on the whole emulator suite. The emulator's address comes
 * from FIRESTORE_EMULATOR_HOST, else firebase.json.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import firebase from 'firebase/compat/app'
import 'firebase/compat/firestore'
import { beforeEach, describe, it } from 'vitest'
import { ALICE, BOB, CAROL, firestoreRulesSuite, signedIn, visitor, without, type Person } from '../support/emulators/rules'
import { webDate } from '../../src/main/firebase/mapping'

// ================================================================ Firestore

describe('Firestore rules', () => {
  let env: RulesTestEnvironment
  const FieldValue = firebase.firestore.FieldValue

  /** A post exactly as the original web app writes it (docs/specification.md §3.3): no createdAt, no id. */
  const webPost = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    postedBy: ALICE.email,
    posted_uid: ALICE.uid,
    nickname: '앨리스',
    profileImg: '',
    postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie.appspot.com/o/postImg%2F1700000000000?alt=media',
    postTxt: '오늘의 사진',
    postDate: '2023. 11. 14. 22:13',
    likedBy: [],
    layout: 'Top',
    ...over
  })

  /** A post as the web app creates it now: its postDate is today's (a day any writer could be living). */
  const newPost = (over: Record<string, unknown> = {}): Record<string, unknown> => webPost({ postDate: webDate(Date.now()), ...over })

  const webComment = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    post_id: 'p1',
    comment: '멋져요',
    comment_by: BOB.email,
    comment_nick: '밥',
    comment_time: '2023. 11. 14. 22:15',
    ...over
  })

  const userDoc = (who: Person, over: Record<string, unknown> = {}): Record<string, unknown> => ({
    uid: who.uid,
    user_id: who.email,
    nickname: who.uid,
    profile_img: '',
    alerts: [],
    ...over
  })

  const db = (ctx: RulesTestContext): firebase.firestore.Firestore => ctx.firestore()

  const seed = firestoreRulesSuite((started) => (env = started))

  // ---------------------------------------------------------------- magazinePost: read

  describe('magazinePost read', () => {
    it('allows a visitor to read a post', async () => {
      await seed('magazinePost/p1', webPost())
      await assertSucceeds(db(visitor(env)).doc('magazinePost/p1').get())
    })

    it('allows a visitor to query the feed', async () => {
      await seed('magazinePost/p1', webPost())
      await assertSucceeds(db(visitor(env)).collection('magazinePost').limit(10).get())
    })
  })

  // ---------------------------------------------------------------- magazinePost: create

  describe('magazinePost create', () => {
    it('allows a signed-in user to create a post in the web app shape (no createdAt, no id)', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost()))
    })

    it('allows Magpie\'s shape: createdAt = server time and an id', async () => {
      await assertSucceeds(
        db(signedIn(env, ALICE))
          .doc('magazinePost/p-new')
          .set(newPost({ createdAt: FieldValue.serverTimestamp(), id: 'p-new', layout: 'Left' }))
      )
    })

    it('allows text of exactly 2000 characters and every layout', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertSucceeds(alice.collection('magazinePost').add(newPost({ postTxt: '가'.repeat(2000) })))
      await assertSucceeds(alice.collection('magazinePost').add(newPost({ layout: 'Right' })))
    })

    it('denies a visitor', async () => {
      await assertFails(db(visitor(env)).collection('magazinePost').add(newPost()))
    })

    it('denies posted_uid of someone else', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('magazinePost').add(newPost({ postedBy: BOB.email })))
    })

    it('denies postedBy of someone else\'s email', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ postedBy: BOB.email })))
    })

    it('denies a layout outside Top/Left/Right', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ layout: 'Center' })))
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ layout: 'top' })))
    })

    it('denies an extra key', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ isAdmin: true })))
    })

    it('denies a missing required field', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(without(webPost(), 'postImg')))
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(without(webPost(), 'likedBy')))
    })

    it('denies text of 2001 characters', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ postTxt: 'a'.repeat(2001) })))
    })

    it('denies empty or whitespace-only text', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertFails(alice.collection('magazinePost').add(newPost({ postTxt: '' })))
      await assertFails(alice.collection('magazinePost').add(newPost({ postTxt: '  \n\t ' })))
    })

    it('denies a non-string text', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ postTxt: 42 })))
    })

    it('denies a nickname that is empty or longer than 20', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertFails(alice.collection('magazinePost').add(newPost({ nickname: '' })))
      await assertFails(alice.collection('magazinePost').add(newPost({ nickname: 'n'.repeat(21) })))
    })

    it('denies an empty postImg and an over-long profileImg', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertFails(alice.collection('magazinePost').add(newPost({ postImg: '' })))
      await assertFails(alice.collection('magazinePost').add(newPost({ profileImg: 'x'.repeat(2049) })))
    })

    it('denies a ko-KR postDate no writer could be living now (issue 22, item 1): pinned above or sunk under the feed', async () => {
      const alice = db(signedIn(env, ALICE)).collection('magazinePost')
      await assertFails(alice.add(newPost({ postDate: '9999. 12. 31. 오후 11:59' })))
      await assertFails(alice.add(newPost({ postDate: '1970. 1. 1. 오전 12:00' })))
      await assertFails(alice.add(newPost({ postDate: webDate(Date.now() - 3 * 86_400_000) })))
      await assertFails(alice.add(newPost({ postDate: webDate(Date.now() + 3 * 86_400_000) })))
      await assertFails(alice.add(newPost({ postDate: '2026. 13. 45. 오후 01:00' })))
    })

    it('allows the day any zone is living (UTC−12 to UTC+14), the older 24-hour form, and another locale’s form', async () => {
      const alice = db(signedIn(env, ALICE)).collection('magazinePost')
      const day = (offsetHours: number) => {
        const wall = new Date(Date.now() + offsetHours * 3_600_000)
        return `${wall.getUTCFullYear()}. ${wall.getUTCMonth() + 1}. ${wall.getUTCDate()}.`
      }
      await assertSucceeds(alice.add(newPost({ postDate: `${day(-12)} 오후 11:00` })))
      await assertSucceeds(alice.add(newPost({ postDate: `${day(14)} 오전 01:00` })))
      await assertSucceeds(alice.add(newPost({ postDate: `${day(9)} 13:53` })))
      await assertSucceeds(alice.add(newPost({ postDate: '11/26/2026, 1:53 PM' })))
    })

    it('denies a postDate longer than 64', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ postDate: 'd'.repeat(65) })))
    })

    it('denies a new post that already has likes', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ likedBy: [BOB.email] })))
    })

    it('denies a createdAt that is not the server time', async () => {
      await assertFails(
        db(signedIn(env, ALICE))
          .collection('magazinePost')
          .add(webPost({ createdAt: firebase.firestore.Timestamp.fromMillis(Date.now() - 60_000) }))
      )
    })

    it('denies a non-string id', async () => {
      await assertFails(db(signedIn(env, ALICE)).collection('magazinePost').add(newPost({ id: 7 })))
    })
  })

  // ---------------------------------------------------------------- magazinePost: author edit

  describe('magazinePost edit by the author', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', webPost({ likedBy: [CAROL.email] }))
    })

    it('allows the author to edit in the web app shape (all six fields sent)', async () => {
      await assertSucceeds(
        db(signedIn(env, ALICE)).doc('magazinePost/p1').update({
          id: 'p1',
          nickname: '앨리스',
          profileImg: '',
          postImg: 'https://example.com/postImg/1700000000001',
          postTxt: '고친 글',
          layout: 'Right'
        })
      )
    })

    it('allows the author to edit a single field', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).doc('magazinePost/p1').update({ postTxt: '짧게 고침' }))
    })

    it('validates only the fields that change (older post with an over-long nickname)', async () => {
      await seed('magazinePost/old', webPost({ nickname: '아주아주아주아주아주아주아주아주긴닉네임입니다' }))
      await assertSucceeds(
        db(signedIn(env, ALICE))
          .doc('magazinePost/old')
          .update({ nickname: '아주아주아주아주아주아주아주아주긴닉네임입니다', layout: 'Left' })
      )
    })

    it('denies an edit with text of 2001 characters, empty text or a bad layout', async () => {
      const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
      await assertFails(post.update({ postTxt: 'a'.repeat(2001) }))
      await assertFails(post.update({ postTxt: '   ' }))
      await assertFails(post.update({ layout: 'Bottom' }))
      await assertFails(post.update({ postImg: '' }))
    })

    it('denies the author changing the author fields', async () => {
      const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
      await assertFails(post.update({ postedBy: BOB.email }))
      await assertFails(post.update({ posted_uid: BOB.uid }))
    })

    it('denies the author changing fields outside the edit set (postDate, createdAt now, new keys)', async () => {
      const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
      await assertFails(post.update({ postDate: '2024. 1. 1. 00:00' }))
      await assertFails(post.update({ createdAt: FieldValue.serverTimestamp() }))
      await assertFails(post.update({ pinned: true }))
    })

    describe('giving a web-app post createdAt (issue 21, defect 3)', () => {
      const Timestamp = firebase.firestore.Timestamp
      // p1's postDate is 2023. 11. 14. 22:13, its writer's local time.
      const at = (iso: string) => Timestamp.fromDate(new Date(iso))

      it('allows the author, with an edit, the post’s own time, once', async () => {
        const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
        await assertSucceeds(post.update({ postTxt: '고친 글', createdAt: at('2023-11-14T13:13:00Z') }))
        // Once: a post that has createdAt keeps it.
        await assertFails(post.update({ postTxt: '또 고친 글', createdAt: at('2023-11-14T13:14:00Z') }))
        await assertFails(post.update({ createdAt: FieldValue.delete() }))
      })

      it('allows any zone’s reading of the day (UTC−12 to UTC+14)', async () => {
        await assertSucceeds(db(signedIn(env, ALICE)).doc('magazinePost/p1').update({ createdAt: at('2023-11-14T22:13:00-12:00') }))
      })

      it('denies a time outside the postDate’s day, in the future, or not a timestamp', async () => {
        const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
        // Now: an old post moved to the top of the feed.
        await assertFails(post.update({ createdAt: FieldValue.serverTimestamp() }))
        await assertFails(post.update({ createdAt: at('2023-11-16T00:00:00Z') }))
        await assertFails(post.update({ createdAt: at('2023-11-13T00:00:00Z') }))
        await assertFails(post.update({ createdAt: Timestamp.fromMillis(Date.now() + 86_400_000) }))
        await assertFails(post.update({ createdAt: 1700000000000 }))
      })

      it('denies it on a postDate in another form, and to anyone but the author', async () => {
        await seed('magazinePost/en', webPost({ postDate: '11/14/2023, 10:13 PM' }))
        await assertFails(db(signedIn(env, ALICE)).doc('magazinePost/en').update({ createdAt: at('2023-11-14T13:13:00Z') }))
        await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ createdAt: at('2023-11-14T13:13:00Z') }))
        await assertFails(db(visitor(env)).doc('magazinePost/p1').update({ createdAt: at('2023-11-14T13:13:00Z') }))
      })
    })

    it('denies the author removing a field', async () => {
      await assertFails(db(signedIn(env, ALICE)).doc('magazinePost/p1').update({ postTxt: FieldValue.delete() }))
    })

    it('denies the author changing likedBy together with another field', async () => {
      await assertFails(
        db(signedIn(env, ALICE))
          .doc('magazinePost/p1')
          .update({ postTxt: '고친 글', likedBy: FieldValue.arrayUnion(ALICE.email) })
      )
    })

    it('denies another signed-in user editing the post', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ postTxt: '남의 글 고치기' }))
    })

    it('denies a visitor editing the post', async () => {
      await assertFails(db(visitor(env)).doc('magazinePost/p1').update({ postTxt: '방문자' }))
    })

    it('denies the right uid with another email, and the right email with another uid', async () => {
      const sameUid = env.authenticatedContext(ALICE.uid, { email: 'mallory@example.com' })
      const sameEmail = env.authenticatedContext('mallory', { email: ALICE.email })
      await assertFails(db(sameUid).doc('magazinePost/p1').update({ postTxt: '가짜' }))
      await assertFails(db(sameEmail).doc('magazinePost/p1').update({ postTxt: '가짜' }))
    })
  })

  // ---------------------------------------------------------------- magazinePost: likes

  describe('magazinePost likes', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', webPost({ likedBy: [CAROL.email] }))
    })

    it('allows another user to add their own email (web app: whole list written)', async () => {
      await assertSucceeds(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: [CAROL.email, BOB.email] }))
    })

    it('allows another user to add their own email with arrayUnion (Magpie)', async () => {
      await assertSucceeds(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(BOB.email) }))
    })

    it('allows a user to remove their own email (whole list, and arrayRemove)', async () => {
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p1').update({ likedBy: [] }))
      await seed('magazinePost/p2', webPost({ likedBy: [CAROL.email, BOB.email] }))
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p2').update({ likedBy: FieldValue.arrayRemove(CAROL.email) }))
    })

    it('allows the author to like and unlike their own post', async () => {
      const post = db(signedIn(env, ALICE)).doc('magazinePost/p1')
      await assertSucceeds(post.update({ likedBy: FieldValue.arrayUnion(ALICE.email) }))
      await assertSucceeds(post.update({ likedBy: FieldValue.arrayRemove(ALICE.email) }))
    })

    it('allows a repeated like that changes nothing (idempotent arrayUnion)', async () => {
      await assertSucceeds(db(signedIn(env, CAROL)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion(CAROL.email) }))
    })

    it('denies adding someone else\'s email', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion('dave@example.com') }))
    })

    it('denies removing someone else\'s email', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayRemove(CAROL.email) }))
    })

    it('denies adding two emails (own and another)', async () => {
      await assertFails(
        db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: [CAROL.email, BOB.email, 'dave@example.com'] })
      )
    })

    it('denies removing two emails', async () => {
      await seed('magazinePost/p2', webPost({ likedBy: [CAROL.email, BOB.email] }))
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p2').update({ likedBy: [] }))
    })

    it('denies swapping someone else\'s like for one\'s own', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: [BOB.email] }))
    })

    it('denies adding one\'s own email twice', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: [CAROL.email, BOB.email, BOB.email] }))
    })

    it('denies changing another field together with likedBy', async () => {
      await assertFails(
        db(signedIn(env, BOB))
          .doc('magazinePost/p1')
          .update({ likedBy: FieldValue.arrayUnion(BOB.email), nickname: '해커' })
      )
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ postTxt: '좋아요와 함께' }))
    })

    it('denies replacing likedBy with a non-list', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').update({ likedBy: BOB.email }))
    })

    it('denies a visitor liking', async () => {
      await assertFails(db(visitor(env)).doc('magazinePost/p1').update({ likedBy: FieldValue.arrayUnion('visitor@example.com') }))
    })

    it('denies a like that would make likedBy longer than 10000', async () => {
      const full = Array.from({ length: 10_000 }, (_, i) => `u${i}@example.com`)
      await seed('magazinePost/full', webPost({ likedBy: full }))
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/full').update({ likedBy: FieldValue.arrayUnion(BOB.email) }))
    })

    // Issue 21, defect 2: the web app's read-then-write like (two tabs, a stale list) left lists
    // that repeat an email. Such a post must stay likeable and unlikeable by anyone, in the web
    // app's whole-list shape and in Magpie's arrayUnion/arrayRemove, while nobody may touch
    // anyone else's entries (their repeats included) or any other field.
    describe('on a post whose likedBy repeats an email', () => {
      const DAVE = 'dave@example.com'
      const dave: Person = { uid: 'dave', email: DAVE }
      const repeated = [CAROL.email, DAVE, CAROL.email]
      const post = (who: Person) => db(signedIn(env, who)).doc('magazinePost/dup')

      beforeEach(async () => {
        await seed('magazinePost/dup', webPost({ likedBy: repeated }))
      })

      it('allows a like of one\'s own email: the web app\'s whole list, and Magpie\'s arrayUnion', async () => {
        await assertSucceeds(post(BOB).update({ likedBy: [...repeated, BOB.email] }))
        await seed('magazinePost/dup', webPost({ likedBy: repeated }))
        await assertSucceeds(post(BOB).update({ likedBy: FieldValue.arrayUnion(BOB.email) }))
        // The author likes their own post the same way.
        await assertSucceeds(post(ALICE).update({ likedBy: [...repeated, BOB.email, ALICE.email] }))
      })

      it('allows an unlike of one\'s own email: the web app\'s whole list, and Magpie\'s arrayRemove', async () => {
        await seed('magazinePost/dup', webPost({ likedBy: [...repeated, BOB.email] }))
        await assertSucceeds(post(BOB).update({ likedBy: repeated }))
        await seed('magazinePost/dup', webPost({ likedBy: [...repeated, BOB.email] }))
        await assertSucceeds(post(BOB).update({ likedBy: FieldValue.arrayRemove(BOB.email) }))
      })

      it('allows the person whose email repeats to unlike (every copy goes) and like again', async () => {
        await assertSucceeds(post(CAROL).update({ likedBy: [DAVE] }))
        await assertSucceeds(post(CAROL).update({ likedBy: [DAVE, CAROL.email] }))
        await seed('magazinePost/dup', webPost({ likedBy: repeated }))
        await assertSucceeds(post(CAROL).update({ likedBy: FieldValue.arrayRemove(CAROL.email) }))
        // An idempotent arrayUnion of an email already there changes nothing.
        await seed('magazinePost/dup', webPost({ likedBy: repeated }))
        await assertSucceeds(post(CAROL).update({ likedBy: FieldValue.arrayUnion(CAROL.email) }))
      })

      it('denies removing someone else\'s entry, or one of their repeats, with or without one\'s own like', async () => {
        await assertFails(post(BOB).update({ likedBy: FieldValue.arrayRemove(DAVE) }))
        await assertFails(post(BOB).update({ likedBy: [CAROL.email, CAROL.email, BOB.email] }))
        await assertFails(post(BOB).update({ likedBy: [CAROL.email, DAVE, BOB.email] }))
        await assertFails(post(BOB).update({ likedBy: [CAROL.email, DAVE] }))
        // Dave unliking may not take one of Carol's copies with him.
        await assertFails(post(dave).update({ likedBy: [CAROL.email] }))
        await assertSucceeds(post(dave).update({ likedBy: [CAROL.email, CAROL.email] }))
      })

      it('denies adding two of one\'s own', async () => {
        await assertFails(post(BOB).update({ likedBy: [...repeated, BOB.email, BOB.email] }))
        // …nor a third copy for the one already repeated.
        await assertFails(post(CAROL).update({ likedBy: [...repeated, CAROL.email] }))
      })

      it('denies adding another person\'s email, a new one or another copy of one already there', async () => {
        await assertFails(post(BOB).update({ likedBy: FieldValue.arrayUnion('erin@example.com') }))
        await assertFails(post(BOB).update({ likedBy: [...repeated, BOB.email, 'erin@example.com'] }))
        await assertFails(post(BOB).update({ likedBy: [...repeated, CAROL.email] }))
        await assertFails(post(BOB).update({ likedBy: [...repeated, DAVE, BOB.email] }))
      })

      it('denies changing another field in the same write', async () => {
        await assertFails(post(BOB).update({ likedBy: FieldValue.arrayUnion(BOB.email), nickname: '해커' }))
        await assertFails(post(BOB).update({ likedBy: [...repeated, BOB.email], postTxt: '좋아요와 함께' }))
        await assertFails(post(CAROL).update({ likedBy: [DAVE], layout: 'Left' }))
      })

      it('denies a visitor', async () => {
        await assertFails(db(visitor(env)).doc('magazinePost/dup').update({ likedBy: [...repeated, 'visitor@example.com'] }))
      })
    })
  })

  // ---------------------------------------------------------------- magazinePost: delete

  describe('magazinePost delete', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', webPost())
    })

    it('allows the author to delete', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).doc('magazinePost/p1').delete())
    })

    it('denies another user', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('magazinePost/p1').delete())
    })

    it('denies a visitor', async () => {
      await assertFails(db(visitor(env)).doc('magazinePost/p1').delete())
    })

    it('denies the right uid with another email, and the right email with another uid', async () => {
      await assertFails(db(env.authenticatedContext(ALICE.uid, { email: 'mallory@example.com' })).doc('magazinePost/p1').delete())
      await assertFails(db(env.authenticatedContext('mallory', { email: ALICE.email })).doc('magazinePost/p1').delete())
    })
  })

  // ---------------------------------------------------------------- magazineComments

  describe('magazineComments', () => {
    beforeEach(async () => {
      await seed('magazinePost/p1', webPost())
    })

    it('allows a visitor to read the comments of a post (and the whole collection, as the web app does)', async () => {
      await seed('magazineComments/c1', webComment())
      const anyone = db(visitor(env))
      await assertSucceeds(anyone.collection('magazineComments').where('post_id', '==', 'p1').get())
      await assertSucceeds(anyone.collection('magazineComments').get())
      await assertSucceeds(anyone.doc('magazineComments/c1').get())
    })

    it('allows a signed-in user to comment as themselves (web app shape, and with an id)', async () => {
      const bob = db(signedIn(env, BOB))
      await assertSucceeds(bob.collection('magazineComments').add(webComment()))
      await assertSucceeds(bob.doc('magazineComments/c9').set(webComment({ id: 'c9', comment: 'c'.repeat(500) })))
    })

    it('allows the post author to comment on their own post', async () => {
      await assertSucceeds(
        db(signedIn(env, ALICE)).collection('magazineComments').add(webComment({ comment_by: ALICE.email, comment_nick: '앨리스' }))
      )
    })

    it('denies a visitor', async () => {
      await assertFails(db(visitor(env)).collection('magazineComments').add(webComment()))
    })

    it('denies a comment in someone else\'s email', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('magazineComments').add(webComment({ comment_by: CAROL.email })))
    })

    it('denies a comment on a missing post', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('magazineComments').add(webComment({ post_id: 'nope' })))
    })

    it('denies a post_id that is empty or longer than 128', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazineComments').add(webComment({ post_id: '' })))
      await assertFails(bob.collection('magazineComments').add(webComment({ post_id: 'p'.repeat(129) })))
    })

    it('denies comment text that is empty, whitespace-only or longer than 500', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment: '' })))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment: ' \n ' })))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment: 'c'.repeat(501) })))
    })

    it('denies a comment_nick that is empty or longer than 20', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment_nick: '' })))
      await assertFails(bob.collection('magazineComments').add(webComment({ comment_nick: 'n'.repeat(21) })))
    })

    it('denies a comment_time longer than 64', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('magazineComments').add(webComment({ comment_time: 't'.repeat(65) })))
    })

    it('denies an extra key and a missing field', async () => {
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.collection('magazineComments').add(webComment({ likes: 0 })))
      await assertFails(bob.collection('magazineComments').add(without(webComment(), 'comment_nick')))
    })

    it('denies any update, even by the comment author', async () => {
      await seed('magazineComments/c1', webComment())
      await assertFails(db(signedIn(env, BOB)).doc('magazineComments/c1').update({ comment: '고침' }))
    })

    it('allows the comment author to delete', async () => {
      await seed('magazineComments/c1', webComment())
      await assertSucceeds(db(signedIn(env, BOB)).doc('magazineComments/c1').delete())
    })

    it('denies deletion by a non-author (the post author included) and by a visitor', async () => {
      await seed('magazineComments/c1', webComment())
      await assertFails(db(signedIn(env, CAROL)).doc('magazineComments/c1').delete())
      await assertFails(db(signedIn(env, ALICE)).doc('magazineComments/c1').delete())
      await assertFails(db(visitor(env)).doc('magazineComments/c1').delete())
    })
  })

  // ---------------------------------------------------------------- users

  describe('users', () => {
    it('allows sign-up: the owner adds their document (automatic id, as the web app does)', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).collection('users').add(userDoc(ALICE)))
    })

    it('allows sign-up with a profile image URL and at a uid-named document', async () => {
      await assertSucceeds(
        db(signedIn(env, ALICE)).doc('users/alice').set(userDoc(ALICE, { profile_img: 'https://example.com/profileImg/1' }))
      )
    })

    it('denies a users document for another uid', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('users').add(userDoc(ALICE, { user_id: BOB.email })))
    })

    it('denies a users document with another email', async () => {
      await assertFails(db(signedIn(env, BOB)).collection('users').add(userDoc(BOB, { user_id: ALICE.email })))
    })

    it('denies a visitor creating a users document', async () => {
      await assertFails(db(visitor(env)).collection('users').add(userDoc(ALICE)))
    })

    it('denies bad fields: long nickname, empty nickname, extra key, missing alerts, alerts not a list, long profile_img', async () => {
      const users = db(signedIn(env, ALICE)).collection('users')
      await assertFails(users.add(userDoc(ALICE, { nickname: 'n'.repeat(21) })))
      await assertFails(users.add(userDoc(ALICE, { nickname: '' })))
      await assertFails(users.add(userDoc(ALICE, { role: 'admin' })))
      await assertFails(users.add(without(userDoc(ALICE), 'alerts')))
      await assertFails(users.add(userDoc(ALICE, { alerts: 'none' })))
      await assertFails(users.add(userDoc(ALICE, { profile_img: 'x'.repeat(2049) })))
    })

    it('allows the owner to query their profile by email (docs/specification.md §7.3 profile) and to get it', async () => {
      await seed('users/u1', userDoc(ALICE))
      const alice = db(signedIn(env, ALICE))
      await assertSucceeds(alice.collection('users').where('user_id', '==', ALICE.email).get())
      await assertSucceeds(alice.doc('users/u1').get())
    })

    it('denies reading someone else\'s document, by id or by email', async () => {
      await seed('users/u1', userDoc(ALICE))
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.doc('users/u1').get())
      await assertFails(bob.collection('users').where('user_id', '==', ALICE.email).get())
    })

    it('denies listing the whole users collection', async () => {
      await seed('users/u1', userDoc(ALICE))
      await assertFails(db(signedIn(env, ALICE)).collection('users').get())
    })

    it('denies a visitor reading users', async () => {
      await seed('users/u1', userDoc(ALICE))
      await assertFails(db(visitor(env)).doc('users/u1').get())
      await assertFails(db(visitor(env)).collection('users').where('user_id', '==', ALICE.email).get())
    })

    it('allows the owner to update their document', async () => {
      await seed('users/u1', userDoc(ALICE))
      await assertSucceeds(db(signedIn(env, ALICE)).doc('users/u1').update({ nickname: '새닉네임', profile_img: 'https://example.com/p' }))
    })

    it('denies another user updating it, or taking it over', async () => {
      await seed('users/u1', userDoc(ALICE))
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.doc('users/u1').update({ nickname: '해커' }))
      await assertFails(bob.doc('users/u1').set(userDoc(BOB)))
    })

    it('denies the owner changing uid or user_id away from themselves, or adding a key', async () => {
      await seed('users/u1', userDoc(ALICE))
      const mine = db(signedIn(env, ALICE)).doc('users/u1')
      await assertFails(mine.update({ uid: BOB.uid }))
      await assertFails(mine.update({ user_id: BOB.email }))
      await assertFails(mine.update({ admin: true }))
    })

    it('allows the owner to delete their own document (회원 탈퇴), a web-app auto id or users/{uid}', async () => {
      await seed('users/u1', userDoc(ALICE))
      await seed(`users/${ALICE.uid}`, userDoc(ALICE))
      await assertSucceeds(db(signedIn(env, ALICE)).doc('users/u1').delete())
      await assertSucceeds(db(signedIn(env, ALICE)).doc(`users/${ALICE.uid}`).delete())
    })

    it('denies deleting anyone else\'s document, a visitor deleting one, and a document whose uid or email is not both the caller\'s', async () => {
      await seed('users/u1', userDoc(ALICE))
      await assertFails(db(signedIn(env, BOB)).doc('users/u1').delete())
      await assertFails(db(visitor(env)).doc('users/u1').delete())
      await seed('users/u2', userDoc(ALICE, { user_id: BOB.email }))
      await assertFails(db(signedIn(env, ALICE)).doc('users/u2').delete())
      await seed('users/u3', userDoc(BOB, { user_id: ALICE.email }))
      await assertFails(db(signedIn(env, ALICE)).doc('users/u3').delete())
    })
  })

  // ---------------------------------------------------------------- nicknames (issue 22, item 3)

  describe('nicknames', () => {
    const KEY = 'a'.repeat(64)
    const claim = (who: Person, over: Record<string, unknown> = {}) => ({ uid: who.uid, at: FieldValue.serverTimestamp(), ...over })

    it('allows a member to hold a free name in their own uid, stamped by the server, and anyone to ask who holds it', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).doc(`nicknames/${KEY}`).set(claim(ALICE)))
      await assertSucceeds(db(visitor(env)).doc(`nicknames/${KEY}`).get())
      await assertSucceeds(db(signedIn(env, BOB)).doc(`nicknames/${KEY}`).get())
    })

    it('denies holding a name in another uid, with a client time, an extra key, a key that is not a hash, or as a visitor', async () => {
      const alice = db(signedIn(env, ALICE))
      await assertFails(alice.doc(`nicknames/${KEY}`).set(claim(BOB)))
      await assertFails(alice.doc(`nicknames/${KEY}`).set(claim(ALICE, { at: firebase.firestore.Timestamp.fromMillis(1) })))
      await assertFails(alice.doc(`nicknames/${KEY}`).set(claim(ALICE, { nickname: '관리자' })))
      await assertFails(alice.doc('nicknames/관리자').set(claim(ALICE)))
      await assertFails(db(visitor(env)).doc(`nicknames/${KEY}`).set({ uid: ALICE.uid, at: FieldValue.serverTimestamp() }))
    })

    it('denies taking over, changing or dropping a name another member holds; the holder may give it up', async () => {
      await seed(`nicknames/${KEY}`, { uid: ALICE.uid, at: new Date() })
      const bob = db(signedIn(env, BOB))
      await assertFails(bob.doc(`nicknames/${KEY}`).set(claim(BOB)))
      await assertFails(bob.doc(`nicknames/${KEY}`).update({ uid: BOB.uid }))
      await assertFails(bob.doc(`nicknames/${KEY}`).delete())
      await assertFails(db(signedIn(env, ALICE)).doc(`nicknames/${KEY}`).update({ at: FieldValue.serverTimestamp() }))
      await assertSucceeds(db(signedIn(env, ALICE)).doc(`nicknames/${KEY}`).delete())
    })

    it('denies listing the names held', async () => {
      await seed(`nicknames/${KEY}`, { uid: ALICE.uid, at: new Date() })
      await assertFails(db(signedIn(env, ALICE)).collection('nicknames').get())
    })
  })

  // ---------------------------------------------------------------- profiles (docs/decisions/028-profiles.md)

  describe('profiles', () => {
    const PHOTO = 'https://firebasestorage.googleapis.com/v0/b/demo-magpie.appspot.com/o/profileImg%2F1700000000000?alt=media&token=abc-123'
    const face = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
      nickname: '앨리스',
      photo: PHOTO,
      joined: FieldValue.serverTimestamp(),
      ...over
    })

    it('lets a member create their own profile, joined by the server, and anyone signed in read it', async () => {
      await assertSucceeds(db(signedIn(env, ALICE)).doc('profiles/alice').set(face()))
      await assertSucceeds(db(signedIn(env, BOB)).doc('profiles/alice').get())
      await assertSucceeds(db(signedIn(env, ALICE)).doc('profiles/alice').get())
      await assertSucceeds(db(signedIn(env, BOB)).doc('profiles/bob').set(face({ nickname: '밥', photo: '' })))
    })

    it('denies a visitor reading a profile, and anyone listing them', async () => {
      await seed('profiles/alice', { nickname: '앨리스', photo: '', joined: new Date() })
      await assertFails(db(visitor(env)).doc('profiles/alice').get())
      await assertFails(db(signedIn(env, BOB)).collection('profiles').get())
      await assertFails(db(signedIn(env, BOB)).collection('profiles').where('nickname', '==', '앨리스').get())
    })

    it('denies writing another person\'s profile, or one as a visitor', async () => {
      await assertFails(db(signedIn(env, BOB)).doc('profiles/alice').set(face({ nickname: '가짜' })))
      await assertFails(db(visitor(env)).doc('profiles/alice').set(face()))
      await seed('profiles/alice', { nickname: '앨리스', photo: '', joined: new Date() })
      await assertFails(db(signedIn(env, BOB)).doc('profiles/alice').update({ nickname: '가짜' }))
      await assertFails(db(signedIn(env, BOB)).doc('profiles/alice').delete())
    })

    it('denies bad keys and values', async () => {
      const alice = db(signedIn(env, ALICE)).doc('profiles/alice')
      await assertFails(alice.set(face({ email: ALICE.email })))
      await assertFails(alice.set(without(face(), 'joined')))
      await assertFails(alice.set(without(face(), 'photo')))
      await assertFails(alice.set(face({ joined: firebase.firestore.Timestamp.fromMillis(1) })))
      await assertFails(alice.set(face({ nickname: '' })))
      await assertFails(alice.set(face({ nickname: '   ' })))
      await assertFails(alice.set(face({ nickname: 'n'.repeat(21) })))
      await assertFails(alice.set(face({ nickname: 7 })))
      await assertFails(alice.set(face({ photo: 'https://evil.example.com/profileImg%2F1' })))
      await assertFails(alice.set(face({ photo: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie.appspot.com/o/postImg%2F1?alt=media' })))
      await assertFails(alice.set(face({ photo: 'javascript:alert(1)' })))
      await assertFails(alice.set(face({ photo: PHOTO + 'x'.repeat(2048) })))
    })

    it('lets the owner change only nickname and photo, never joined; and remove their profile', async () => {
      await seed('profiles/alice', { nickname: '앨리스', photo: '', joined: new Date(1_700_000_000_000) })
      const alice = db(signedIn(env, ALICE)).doc('profiles/alice')
      await assertSucceeds(alice.update({ nickname: '새앨리스', photo: PHOTO }))
      await assertFails(alice.update({ joined: FieldValue.serverTimestamp() }))
      await assertFails(alice.update({ email: ALICE.email }))
      await assertFails(alice.update({ nickname: 'n'.repeat(21) }))
      await assertFails(alice.set({ nickname: '앨리스', photo: '' }))
      await assertSucceeds(alice.delete())
    })

    it('still lets the web app\'s owner update their users document\'s nickname (a name change)', async () => {
      await seed('users/u1', userDoc(ALICE, { nickname: '앨리스' }))
      await assertSucceeds(db(signedIn(env, ALICE)).doc('users/u1').set(userDoc(ALICE, { nickname: '새앨리스', profile_img: PHOTO })))
      await assertFails(db(signedIn(env, BOB)).doc('users/u1').set(userDoc(ALICE, { nickname: '가짜' })))
      await assertFails(db(signedIn(env, BOB)).doc('users/u1').get())
    })
  })

  // ---------------------------------------------------------------- anything else

  describe('other collections', () => {
    it('denies reading and writing any other collection', async () => {
      await seed('secrets/s1', { x: 1 })
      await assertFails(db(signedIn(env, ALICE)).doc('secrets/s1').get())
      await assertFails(db(signedIn(env, ALICE)).doc('secrets/s2').set({ x: 1 }))
      await assertFails(db(visitor(env)).doc('secrets/s1').get())
    })
  })
})
