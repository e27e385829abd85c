/**
 * firebase/database.rules.json — every allow and every deny — evaluated by targaryen (an
 * independent evaluator of Realtime Database rules; no emulator, so it runs in `npm test`
 * everywhere). The same cases as rules.test.ts's "Realtime Database rules", which runs them on
 * the real emulator in `npm run test:firebase`. docs/firebase.md ("Realtime Database rules in
 * npm test") lists where targaryen's semantics differ from Firebase's and how these cases stay
 * clear of them: a push is a write to a new child key (targaryen has no push), and a delete is
 * a write of null (targaryen, like Firebase, skips .validate for it — proven below).
 */
import targaryen, { type Database, type Result } from 'targaryen'
import { beforeEach, describe, expect, it } from 'vitest'
import { readRepoFile } from '../support/emulators/project'
import { alertEntry, without } from '../support/emulators/rules'

interface Auth {
  uid: string
  token: { email: string }
}
const ALICE: Auth = { uid: 'alice', token: { email: 'alice@example.com' } } // the author
const BOB: Auth = { uid: 'bob', token: { email: 'bob@example.com' } }


const rules = JSON.parse(readRepoFile('firebase/database.rules.json')) as { rules: Record<string, unknown> }

describe('Realtime Database rules (targaryen)', () => {
  let database: Database
  let pushes = 0
  /** A push: a write of a new child under a key no one used yet, as push() makes one. */
  const newKey = (): string => `-Nnew${String(pushes++).padStart(15, '0')}`

  const as = (who: Auth | null): Database => database.as(who)
  /** Asserts the outcome and, when it differs, shows targaryen's account of every rule it evaluated. */
  function expectAllowed(result: Result, allowed: boolean): void {
    expect(result.allowed, result.info).toBe(allowed)
  }
  const push = (who: Auth | null, uid: string, value: unknown): Result => as(who).with({ debug: true }).write(`/users/${uid}/alerts/${newKey()}`, value)
  const read = (who: Auth | null, path: string): Result => as(who).with({ debug: true }).read(path)
  const write = (who: Auth | null, path: string, value: unknown): Result => as(who).with({ debug: true }).write(path, value)
  const update = (who: Auth | null, path: string, patch: Record<string, unknown>): Result => as(who).with({ debug: true }).update(path, patch)

  beforeEach(() => {
    database = targaryen.database(rules, { users: { alice: { alerts: { a1: alertEntry(), a2: alertEntry({ alert_type: 'comment', committed_by: '캐롤' }) } } } })
  })

  it('allows another signed-in user to push a like alert and a comment alert', () => {
    expectAllowed(push(BOB, 'alice', alertEntry()), true)
    expectAllowed(push(BOB, 'alice', alertEntry({ alert_type: 'comment' })), true)
  })

  it('allows a push to a user who has no alerts yet', () => {
    expectAllowed(push(ALICE, 'bob', alertEntry({ committed_by: '앨리스' })), true)
  })

  it('allows the longest values the rules take', () => {
    expectAllowed(push(BOB, 'alice', alertEntry({ date: 'd'.repeat(64), post_id: 'p'.repeat(40), committed_by: 'n'.repeat(20) })), true)
    // A Firestore auto id, the shape every post Magpie and the web app write has.
    expectAllowed(push(BOB, 'alice', alertEntry({ post_id: 'aZ09bY18cX27dW36eV45' })), true)
    expectAllowed(push(BOB, 'alice', alertEntry({ date: '' })), true)
  })

  it('denies a push with an extra field', () => {
    expectAllowed(push(BOB, 'alice', alertEntry({ read: false })), false)
  })

  it('denies a push with a bad alert_type', () => {
    expectAllowed(push(BOB, 'alice', alertEntry({ alert_type: 'follow' })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ alert_type: 'Like' })), false)
  })

  it('denies a push with a missing field', () => {
    expectAllowed(push(BOB, 'alice', without(alertEntry(), 'date')), false)
    expectAllowed(push(BOB, 'alice', without(alertEntry(), 'post_id')), false)
    expectAllowed(push(BOB, 'alice', without(alertEntry(), 'committed_by')), false)
    expectAllowed(push(BOB, 'alice', without(alertEntry(), 'alert_type')), false)
  })

  it('denies a post_id that no post id has: a path, a link, spaces or other letters', () => {
    for (const post_id of ['a/b', 'a.b', 'magpie://detail/p1', 'a b', '게시글', 'a\u0000b']) expectAllowed(push(BOB, 'alice', alertEntry({ post_id })), false)
  })

  it('denies badly typed or sized fields', () => {
    expectAllowed(push(BOB, 'alice', alertEntry({ date: 1700000000000 })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ date: 'd'.repeat(65) })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ post_id: '' })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ post_id: 'p'.repeat(41) })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ post_id: 'p'.repeat(128) })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ post_id: 1 })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ committed_by: '' })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ committed_by: 'n'.repeat(21) })), false)
    expectAllowed(push(BOB, 'alice', alertEntry({ alert_type: 1 })), false)
  })

  it('denies a visitor pushing', () => {
    expectAllowed(push(null, 'alice', alertEntry()), false)
  })

  it('denies a push to oneself (alerts go to the author only when someone else acts)', () => {
    expectAllowed(push(ALICE, 'alice', alertEntry({ committed_by: '앨리스' })), false)
  })

  it('allows the owner to read their alerts, one alert and one field', () => {
    expectAllowed(read(ALICE, '/users/alice/alerts'), true)
    expectAllowed(read(ALICE, '/users/alice/alerts/a1'), true)
    expectAllowed(read(ALICE, '/users/alice/alerts/a1/alert_type'), true)
  })

  it('denies a non-owner and a visitor reading them', () => {
    expectAllowed(read(BOB, '/users/alice/alerts'), false)
    expectAllowed(read(BOB, '/users/alice/alerts/a1'), false)
    expectAllowed(read(null, '/users/alice/alerts'), false)
  })

  it('allows the owner to remove one alert (a delete skips .validate, as on Firebase)', () => {
    const removed = write(ALICE, '/users/alice/alerts/a1', null)
    expectAllowed(removed, true)
    expect(removed.newDatabase.root.$child('users/alice/alerts/a1').$value()).toBeNull()
  })

  it('allows the owner to clear all alerts (set to null)', () => {
    expectAllowed(write(ALICE, '/users/alice/alerts', null), true)
  })

  it('denies another user removing an alert or clearing all', () => {
    expectAllowed(write(BOB, '/users/alice/alerts/a1', null), false)
    expectAllowed(write(BOB, '/users/alice/alerts', null), false)
    expectAllowed(write(null, '/users/alice/alerts/a1', null), false)
  })

  it('denies another user modifying an existing alert', () => {
    expectAllowed(write(BOB, '/users/alice/alerts/a1', alertEntry({ committed_by: '밥' })), false)
    expectAllowed(update(BOB, '/users/alice/alerts/a1', { alert_type: 'comment' }), false)
    expectAllowed(write(BOB, '/users/alice/alerts/a1/alert_type', 'comment'), false)
  })

  it('denies the owner modifying or adding alerts (the owner only deletes)', () => {
    expectAllowed(update(ALICE, '/users/alice/alerts/a1', { alert_type: 'comment' }), false)
    expectAllowed(write(ALICE, '/users/alice/alerts', { x: alertEntry() }), false)
  })

  it('denies another user replacing the whole alerts list', () => {
    expectAllowed(write(BOB, '/users/alice/alerts', { x: alertEntry() }), false)
  })

  it('denies everything outside users/{uid}/alerts', () => {
    expectAllowed(read(ALICE, '/'), false)
    expectAllowed(read(ALICE, '/users/alice'), false)
    expectAllowed(write(ALICE, '/users/alice/profile', { nickname: 'x' }), false)
    expectAllowed(write(ALICE, '/posts/p1', { x: 1 }), false)
    expectAllowed(write(ALICE, '/users/alice', null), false)
  })

  describe('signOutGeneration (issue 22, item 6: sign out my other copies)', () => {
    const path = (uid: string) => `/users/${uid}/signOutGeneration`

    it('lets the person start the count at 1 and raise it by one, and read it', () => {
      expectAllowed(write(ALICE, path('alice'), 1), true)
      expectAllowed(write(ALICE, path('alice'), 2), false)
      database = targaryen.database(rules, { users: { alice: { signOutGeneration: 1 } } })
      expectAllowed(write(ALICE, path('alice'), 2), true)
      expectAllowed(read(ALICE, path('alice')), true)
    })

    it('denies another person or a visitor reading or raising it, a jump, a step back, a reset and a non-number', () => {
      database = targaryen.database(rules, { users: { alice: { signOutGeneration: 3 } } })
      expectAllowed(write(BOB, path('alice'), 4), false)
      expectAllowed(read(BOB, path('alice')), false)
      expectAllowed(write(null, path('alice'), 4), false)
      expectAllowed(write(ALICE, path('alice'), 5), false)
      expectAllowed(write(ALICE, path('alice'), 2), false)
      expectAllowed(write(ALICE, path('alice'), null), false)
      expectAllowed(write(ALICE, path('alice'), '4'), false)
      expectAllowed(write(ALICE, path('bob'), 2), false)
    })
  })
})
