import sharp from 'sharp'
import { webDate } from '../../src/main/firebase/mapping'
import type { FirebasePorts } from '../../src/main/firebase/ports'
import { createFakeFirebase, type FakeFirebase } from '../../tests/support/fake-firebase/fake-firebase'
import { testCommunity, webAppPost } from '../../tests/support/main/community-app'
import { createClock, type TestClock } from '../../tests/support/main/test-app'
import { scanBilled, type CommunitySpec } from './firestore-reads'
import type { Biller } from './metered-ports'

/**
 * A community's project for a simulated day (the community-day scenario): filled like
 * firestore-reads.ts's fillProject (2 comments a post, the web app's older posts without
 * createdAt, the heavy posts on the newest), but on a timeline that ends where the day
 * begins, and the web app's members writing between the Magpie members' sessions through the
 * fake's webApp helpers, exactly as the web app writes.
 */

export const hour = 3_600_000
export const dayMs = 24 * hour

/** What the web app's members write in each gap between sessions. */
export const webPerGap = { posts: 3, comments: 10, likes: 10 }
/** The measured day's sessions, hours after its midnight (UTC, the bench's zone). */
export const sessionHours = [8, 13, 20]
/** The first connect: the day before, at this hour. More than a day before the first session, as for any member's day. */
export const firstConnectHour = 7.5
/**
 * The history is as dense as the day (the web app's posts of a day): a post every 2.7 hours,
 * so the days Magpie listens to (postDate of today and yesterday) hold what such a community
 * writes, not fillProject's post a minute.
 */
const postsPerDay = webPerGap.posts * sessionHours.length
/** The newest posts that have a photo in Storage; older ones keep webAppPost's URL of a file this project lacks (never shown in a day). */
const photographed = 100
const webWriters = 8
/** Where the busy threads are in the history, newest first: two days old. */
const heavyRank = 2 * postsPerDay

export interface Person {
  uid: string
  email: string
  nickname: string
}

export interface DayProject {
  fake: FakeFirebase
  clock: TestClock
  /** The measured day's midnight. */
  day: number
  /** The feed's order, newest first: the history, with the web app's new posts put in front as they come. */
  newest: string[]
  /** Posts with spec.heavyComments, in the same order (two days old; see fillDayProject). */
  heavy: string[]
  writers: Person[]
  /** Comments on heavy[0] now (the web app's members comment on it too). */
  busiestComments: number
  photo: Uint8Array
  postDocs: number
  commentDocs: number
}

/** A photo as the web app uploads it (a noisy JPEG compresses like one); its size sets the bytes downloaded. */
export function makePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#6a8caf', noise: { type: 'gaussian', mean: 110, sigma: 25 } } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

/** Moves the shared clock on to `t` (never back). */
export function advanceTo(clock: TestClock, t: number): void {
  if (t > clock.t) clock.advance(t - clock.t)
}

export function fillDayProject(spec: CommunitySpec, photo: Uint8Array): DayProject {
  const day = Date.UTC(2026, 2, 2)
  const firstConnect = day - dayMs + firstConnectHour * hour
  const clock = createClock(firstConnect - hour)
  // The server's clock is the members' clock (read without stepping it).
  const fake = createFakeFirebase({ now: () => clock.t })
  const writers = Array.from({ length: webWriters }, (_, i): Person => {
    const account = fake.webApp.createAccount(`web${i}@example.com`, `pw-web-${i}-secret`)
    const person = { uid: account.uid, email: account.email, nickname: `웹${i}` }
    fake.webApp.setUser(`web-user-${i}`, { uid: person.uid, user_id: person.email, nickname: person.nickname, profile_img: '', alerts: [] })
    return person
  })
  const every = Math.round(dayMs / postsPerDay)
  const newestAt = firstConnect - 2 * hour
  const oldestAt = newestAt - (spec.posts - 1) * every
  let commentDocs = 0
  const comment = (postId: string, at: number, n: number) => {
    fake.webApp.addComment({ post_id: postId, comment: `댓글 ${n}`, comment_by: 'reader@example.com', comment_nick: '독자', comment_time: webDate(at) })
    commentDocs++
  }
  const image = (at: number, withPhoto: boolean) => (withPhoto ? fake.webApp.uploadFile(`postImg/${at}`, photo) : (webAppPost(writers[0]!).postImg as string))
  for (let i = 0; i < spec.legacy; i++) {
    const at = oldestAt - (spec.legacy - i) * every
    const id = fake.webApp.addPost(webAppPost(writers[i % webWriters]!, { postImg: image(at, true), postDate: webDate(at) }))
    for (let c = 0; c < spec.commentsPerPost; c++) comment(id, at + (c + 1) * 600_000, c)
  }
  const newest: string[] = []
  for (let i = 0; i < spec.posts; i++) {
    const at = oldestAt + i * every
    const id = `post${String(i).padStart(6, '0')}`
    const post = webAppPost(writers[i % webWriters]!, { postTxt: `글 ${i}`, postImg: image(at, spec.posts - i <= photographed), postDate: webDate(at) })
    fake.webApp.addPost({ ...post, createdAt: at }, id)
    for (let c = 0; c < spec.commentsPerPost; c++) comment(id, at + (c + 1) * 600_000, c)
    newest.unshift(id)
  }
  // The busy threads are two days old, their comments written in the 12 hours after each post:
  // still among the posts a member scrolls past, but no burst of comments just before the day,
  // so what the day reads is what the day writes.
  const heavy = spec.heavyComments.map((count, k) => {
    const rank = Math.min(heavyRank + k, newest.length - 1)
    const at = newestAt - rank * every
    for (let c = 0; c < count; c++) comment(newest[rank]!, at + Math.round(((c + 1) * 12 * hour) / (count + 1)), c)
    return newest[rank]!
  })
  advanceTo(clock, firstConnect)
  return { fake, clock, day, newest, heavy, writers, busiestComments: spec.heavyComments[0] ?? 0, photo, postDocs: spec.posts + spec.legacy, commentDocs }
}

/**
 * The fake answers the legacy scan with the posts it finds; the SDK adapter reads every post in
 * id order to find them: billed as the adapter's queries would be. `invalidate` after posts are written.
 */
export function scanBiller(project: DayProject): { bill: Biller; invalidate(): void } {
  let known: { ids: string[]; legacy: Set<string> } | null = null
  return {
    bill(method, args) {
      if (method !== 'legacyPostsScan') return null
      if (!known) {
        const posts = project.fake.data.posts()
        const ids = Object.keys(posts).sort()
        known = { ids, legacy: new Set(ids.filter((id) => typeof posts[id]!.createdAt !== 'number')) }
      }
      return scanBilled(known.ids, known.legacy, (args[0] as string | null) ?? null, Number(args[1]))
    },
    invalidate() {
      known = null
    }
  }
}

/** A small seeded generator, so every run writes the same day. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = Math.imul(s ^ (s >>> 15), 1 | s)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The web app's members: between sessions they post, comment on recent posts and like them,
 * as the web app writes (string postDate and comment_time for "now", no createdAt; a like
 * rewrites the whole likedBy list; a like or comment on someone else's post pushes an alert).
 */
export class WebAppMembers {
  /** A connection that reads a post before a like, as the web app has it loaded; it listens to nothing. */
  private reader: FirebasePorts | null = null
  private readonly next = random(21)
  private written = 0

  constructor(
    private readonly project: DayProject,
    private readonly postsWritten: () => void
  ) {}

  /** The gap's writes, spread evenly from now until `until`. */
  async gap(until: number): Promise<void> {
    const { fake, clock, writers, newest } = this.project
    const reader = (this.reader ??= await fake.connect(testCommunity))
    const writes = webPerGap.posts + webPerGap.comments + webPerGap.likes
    const from = clock.t
    let step = 0
    const tick = () => advanceTo(clock, from + Math.round(((until - from) * ++step) / (writes + 1)))
    const writer = () => writers[Math.floor(this.next() * writers.length)]!
    const recent = () => newest[Math.floor(this.next() * Math.min(12, newest.length))]!
    const alert = (post: { posted_uid: string }, by: Person, postId: string, type: 'like' | 'comment') => {
      if (post.posted_uid !== by.uid) fake.webApp.pushAlert(post.posted_uid, { date: webDate(clock.t), post_id: postId, committed_by: by.nickname, alert_type: type })
    }
    for (let i = 0; i < webPerGap.posts; i++) {
      tick()
      const by = writer()
      const url = fake.webApp.uploadFile(`postImg/${clock.t}`, this.project.photo)
      newest.unshift(fake.webApp.addPost(webAppPost(by, { postTxt: `웹에서 쓴 글 ${++this.written}`, postImg: url, postDate: webDate(clock.t) })))
      this.project.postDocs++
    }
    this.postsWritten()
    for (let i = 0; i < webPerGap.comments; i++) {
      tick()
      const by = writer()
      const postId = recent()
      fake.webApp.addComment({ post_id: postId, comment: `웹 댓글 ${i}`, comment_by: by.email, comment_nick: by.nickname, comment_time: webDate(clock.t) })
      this.project.commentDocs++
      if (postId === this.project.heavy[0]) this.project.busiestComments++
      const post = await reader.docs.getPost(postId)
      if (post) alert(post.data, by, postId, 'comment')
    }
    for (let i = 0; i < webPerGap.likes; i++) {
      tick()
      // Someone who has not liked it yet: the web app reads the post, then writes likedBy whole.
      for (let attempt = 0; attempt < 20; attempt++) {
        const by = writer()
        const postId = recent()
        const post = await reader.docs.getPost(postId)
        if (!post || post.data.likedBy.includes(by.email)) continue
        fake.webApp.updatePost(postId, { likedBy: [...post.data.likedBy, by.email] })
        alert(post.data, by, postId, 'like')
        break
      }
    }
    advanceTo(clock, until)
  }

  async close(): Promise<void> {
    await this.reader?.close()
    this.reader = null
  }
}
