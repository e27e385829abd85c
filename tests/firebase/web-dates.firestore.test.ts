/**
 * Issue 31 on the Auth and Firestore emulators with the shipped rules: a web-app client (signed
 * in, writing exactly Write.js's fields through the rules) writes posts dated as Chromium writes
 * them in other locales and zones (tests/support/fixtures/web-dates.json) after Magpie's first
 * connect; Magpie, through its SDK adapter, finds them live within 5 s and, written while it was
 * closed, at the next start. Old posts restored afterwards are found once the operator runs
 * `npm run community -- rescan`. The Realtime Database and Storage are the in-memory fake's.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import webDates from '../support/fixtures/web-dates.json'
import { run } from '../../scripts/community/commands'
import { rescanCheckMs } from '../../src/main/backends/community/sync'
import { cleanupCommunityApps, join, startProjectApp, type CommunityApp } from '../support/main/community-app'
import { createFakeFirebase } from '../support/fake-firebase/fake-firebase'
import { firestoreEmulators as emulators, projectConnect } from '../support/emulators/project-connect'
import { cleanupTestApps, createClock } from '../support/main/test-app'
import { emulatorCommunity as community } from '../support/emulators/project'
import { rulesEnvironment, signedIn } from '../support/emulators/rules'

interface WrittenDate {
  locale: string
  timeZone: string
  at: number
  text: string
}
const written = (webDates as { dates: WrittenDate[] }).dates
const at = Date.parse('2026-11-26T13:53:00Z')
const writtenIn = (pairs: [string, string][]): WrittenDate[] => pairs.map(([locale, zone]) => written.find((d) => d.locale === locale && d.timeZone === zone && d.at === at)!)

let env: RulesTestEnvironment | null = null

beforeAll(async () => {
  env = await rulesEnvironment('firestore')
  await env.clearFirestore()
})

afterEach(async () => {
  await cleanupCommunityApps()
  await cleanupTestApps()
})

afterAll(async () => {
  // The next suite on these emulators finds them as this one did (settings/community included).
  await env?.clearFirestore()
  await env?.cleanup()
})

const web = { uid: 'web-locales', email: 'web-locales@example.com' }

/** As Write.js, signed in, through the shipped rules: the post fields, postDate as its browser wrote it. */
async function webAppWrites(date: WrittenDate): Promise<string> {
  const ref = await signedIn(env!, web)
    .firestore()
    .collection('magazinePost')
    .add({
      postedBy: web.email,
      posted_uid: web.uid,
      nickname: '웹 작가',
      profileImg: '',
      postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F1?alt=media',
      postTxt: `${date.locale}, ${date.timeZone}`,
      postDate: date.text,
      likedBy: [],
      layout: 'Top'
    })
  return ref.id
}

/** Every post id of the feed, paging through it. */
async function feedIds(app: CommunityApp): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const page: { posts: { id: string }[]; nextCursor: string | null } = await app.call('posts:feed', cursor ? { cursor } : {})
    ids.push(...page.posts.map((post) => post.id))
    cursor = page.nextCursor
  } while (cursor)
  return ids
}

it("posts a web app in another browser's locale writes after the first connect are found live within 5 s, and after a restart", async () => {
  const fake = createFakeFirebase({ rules: false })
  const project = { connect: projectConnect(fake), idle: fake.idle, emulators }
  // Magpie's clock at the moment the fixture's dates were written: the days it follows are theirs.
  const clock = createClock(at + 20_000)
  let app = await startProjectApp(project, { community, clock })
  await app.settle()
  await app.call('posts:feed', {})

  const live = writtenIn([
    ['en-US', 'America/Los_Angeles'],
    ['de-DE', 'Europe/Berlin'],
    ['ar-EG', 'UTC'],
    ['ja-JP', 'Asia/Seoul'],
    ['th-TH', 'Pacific/Kiritimati'],
    ['hi-IN', 'Etc/GMT+12'],
    ['fa-IR', 'Asia/Seoul'],
    ['fr-FR', 'UTC']
  ])
  const liveIds: string[] = []
  for (const date of live) liveIds.push(await webAppWrites(date))
  await vi.waitFor(async () => expect(await feedIds(app)).toEqual(expect.arrayContaining(liveIds)), { timeout: 5_000, interval: 200 })

  // Closed; written meanwhile; found at the next start.
  await app.close()
  const whileClosed: string[] = []
  for (const date of writtenIn([['zh-CN', 'Asia/Seoul'], ['en-GB', 'Europe/Berlin'], ['bn-BD', 'UTC'], ['ru-RU', 'UTC']])) whileClosed.push(await webAppWrites(date))
  clock.advance(10 * 60_000)
  app = await startProjectApp(project, { community, clock, dataDir: app.dataDir, profileDir: app.profileDir })
  await vi.waitFor(async () => expect(await feedIds(app)).toEqual(expect.arrayContaining([...liveIds, ...whileClosed])), { timeout: 5_000, interval: 200 })
})

it('an old post restored after the first connect is found at a start a day on once the operator runs npm run community -- rescan', async () => {
  const fake = createFakeFirebase({ rules: false })
  const project = { connect: projectConnect(fake), idle: fake.idle, emulators }
  const clock = createClock(at + 20_000)
  let app = await startProjectApp(project, { community, clock })
  await join(app, 'web-dates-reader', { nickname: '독자' })
  await app.settle()

  // Restored with the Admin SDK (past the rules): the web app's fields, dated months ago.
  const restored = written.find((d) => d.locale === 'de-DE' && d.timeZone === 'UTC' && d.at === Date.parse('2026-03-05T11:59:00Z'))!
  await env!.withSecurityRulesDisabled(async (admin) => {
    await admin.firestore().doc('magazinePost/restored-de').set({
      postedBy: web.email,
      posted_uid: web.uid,
      nickname: '웹 작가',
      profileImg: '',
      postImg: 'https://firebasestorage.googleapis.com/v0/b/demo-magpie/o/postImg%2F2?alt=media',
      postTxt: '복원한 글',
      postDate: restored.text,
      likedBy: [],
      layout: 'Top'
    })
  })
  await run(['rescan', '--project', 'demo-magpie'])
  await app.close()
  // Each Magpie looks for the operator's word once a day.
  clock.advance(rescanCheckMs)
  app = await startProjectApp(project, { community, clock, dataDir: app.dataDir, profileDir: app.profileDir })
  await vi.waitFor(async () => expect(await feedIds(app)).toContain('restored-de'), { timeout: 5_000, interval: 200 })
})
