import { initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { emulatorHost, PROJECT_ID, readRepoFile, splitHost } from './project'

/** The people and documents the rules suites (tests/firebase/*rules*.test.ts) share. */

export interface Person {
  uid: string
  email: string
}
export const ALICE: Person = { uid: 'alice', email: 'alice@example.com' } // the author
export const BOB: Person = { uid: 'bob', email: 'bob@example.com' }
export const CAROL: Person = { uid: 'carol', email: 'carol@example.com' }

/** Alice's post as the web app's Write.js writes it (no createdAt, a ko-KR postDate). */
export const alicesWebPost = {
  postedBy: ALICE.email,
  posted_uid: ALICE.uid,
  nickname: '앨리스',
  profileImg: '',
  postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie.appspot.com/o/postImg%2F1?alt=media',
  postTxt: '오늘의 사진',
  postDate: '2023. 11. 14. 22:13',
  likedBy: [] as string[],
  layout: 'Top'
}

export const signedIn = (env: RulesTestEnvironment, who: Person): RulesTestContext => env.authenticatedContext(who.uid, { email: who.email })
export const visitor = (env: RulesTestEnvironment): RulesTestContext => env.unauthenticatedContext()

export function without<T extends object>(value: T, key: keyof T): Partial<T> {
  const copy: Partial<T> = { ...value }
  delete copy[key]
  return copy
}

/** An alert exactly as the web app pushes it (docs/specification.md §3.3). */
export const alertEntry = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  date: '2023. 11. 14. 22:15',
  post_id: 'p1',
  committed_by: '밥',
  alert_type: 'like',
  ...over
})

const RULES = { firestore: 'firebase/firestore.rules', database: 'firebase/database.rules.json', storage: 'firebase/storage.rules' }

/** A rules-unit-testing environment on these emulators (hosts from emulatorHost), with the shipped rules loaded. */
export function rulesEnvironment(...services: (keyof typeof RULES)[]): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({
    projectId: PROJECT_ID,
    ...Object.fromEntries(services.map((service) => [service, { rules: readRepoFile(RULES[service]), ...splitHost(emulatorHost(service)) }]))
  })
}

/**
 * A Firestore rules suite's set-up, called inside its describe: the environment started once and
 * handed to `started`, Firestore emptied before each test (before the suite's own beforeEach),
 * stopped after. Returns seed: a write no rule binds, as the console or the Admin SDK makes.
 */
export function firestoreRulesSuite(started: (env: RulesTestEnvironment) => void): (path: string, data: Record<string, unknown>) => Promise<void> {
  let env: RulesTestEnvironment | undefined
  beforeAll(async () => {
    env = await rulesEnvironment('firestore')
    started(env)
  })
  afterAll(async () => {
    await env?.cleanup()
  })
  beforeEach(async () => {
    await env!.clearFirestore()
  })
  return async (path, data) => {
    await env!.withSecurityRulesDisabled(async (ctx) => {
      await ctx.firestore().doc(path).set(data)
    })
  }
}
