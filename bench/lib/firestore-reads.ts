import { countReads } from '../../src/main/firebase/counting'
import { createFakeFirebase, type FakeFirebase } from '../../tests/support/fake-firebase/fake-firebase'
import type { DocsPort } from '../../src/main/firebase/ports'
import { SCAN_CHUNK } from '../../src/main/firebase/sdk-adapter'
import { startProjectApp, webAppPost, type CommunityApp } from '../../tests/support/main/community-app'
import { cleanupTestApps, createClock, tempDir } from '../../tests/support/main/test-app'

export interface CommunitySpec {
  posts: number
  /** Posts the original web app wrote (no createdAt), older than the rest. */
  legacy: number
  commentsPerPost: number
  /** Extra comments on the newest posts, as the local stores (specs.ts). */
  heavyComments: number[]
}

export interface Project {
  fake: FakeFirebase
  /** The newest posts first, as the feed shows them. */
  newest: string[]
  /** Posts with heavyComments, in the same order. */
  heavy: string[]
  postDocs: number
  commentDocs: number
}

/** A community's project in the seed's data shape, filled the way the web app and Magpie write it. */
export function fillProject(spec: CommunitySpec): Project {
  const fake = createFakeFirebase()
  const author = { uid: 'author-uid', email: 'author@example.com', nickname: '작가' }
  const base = Date.UTC(2026, 0, 1)
  const newest: string[] = []
  let commentDocs = 0
  const comment = (postId: string, n: number) => {
    fake.webApp.addComment({ post_id: postId, comment: `댓글 ${n}`, comment_by: 'reader@example.com', comment_nick: '독자', comment_time: '2026. 1. 1. 10:00' })
    commentDocs++
  }
  for (let i = 0; i < spec.legacy; i++) {
    const id = fake.webApp.addPost(webAppPost(author, { postDate: `2025. 1. ${(i % 28) + 1}. 10:00` }))
    for (let c = 0; c < spec.commentsPerPost; c++) comment(id, c)
  }
  for (let i = 0; i < spec.posts; i++) {
    const id = `post${String(i).padStart(6, '0')}`
    fake.webApp.addPost({ ...webAppPost(author, { postTxt: `글 ${i}` }), createdAt: base + i * 60_000 }, id)
    for (let c = 0; c < spec.commentsPerPost; c++) comment(id, c)
    newest.unshift(id)
  }
  const heavy = spec.heavyComments.map((count, rank) => {
    const id = newest[rank]!
    for (let c = 0; c < count; c++) comment(id, c)
    return id
  })
  return { fake, newest, heavy, postDocs: spec.posts + spec.legacy, commentDocs }
}

/**
 * The web app's reads (docs/specification.md §7.3), counted as Firestore bills them: "load all posts" reads every document
 * of magazinePost; opening a post reads magazinePost/{id}, then "the whole collection" of
 * magazineComments to filter by post_id. The feed is counted once, though the web app loads
 * it again each time the reader comes back to it, so the figure flatters the seed.
 */
export function seedJourneyReads(project: Project, opened: number): number {
  return project.postDocs + opened * (1 + project.commentDocs)
}

/** Documents the SDK adapter reads for one legacy scan query: whole chunks in id order until it has enough. */
export function scanBilled(ids: readonly string[], legacy: ReadonlySet<string>, afterId: string | null, requested: number): number {
  const chunk = Math.max(requested, SCAN_CHUNK)
  let start = afterId === null ? 0 : ids.findIndex((id) => id > afterId)
  if (start < 0) return 1 // an empty result is still one billed read
  let billed = 0
  let found = 0
  for (;;) {
    const docs = ids.slice(start, start + chunk)
    billed += Math.max(1, docs.length)
    for (const id of docs) if (legacy.has(id) && ++found === requested) return billed
    if (docs.length < chunk) return billed
    start += chunk
  }
}

export interface MagpieReads {
  /** Documents read in the session, as counted at the documents port (see counting.ts). */
  session: number
  /** What the legacy scan's full pass costs against Firestore (at the first start, then weekly, or when the web app's posts changed in number). */
  scan: number
  byMethod: Record<string, number>
}

/**
 * Magpie's community mode on the same project: a real Magpie (services, mirror, listeners)
 * whose documents port is wrapped in the read counter. The fake answers the legacy scan with
 * only the posts it finds; the SDK adapter reads every post in id order to find them, so the
 * scan is billed here as the adapter's queries would be.
 */
export class CommunityReader {
  private app: CommunityApp | null = null
  private scanned = 0
  private readonly dirs: Promise<{ dataDir: string; profileDir: string }>
  /** The sessions run in April, after every post and comment of the project was written (none is being written "today"). */
  private readonly clock = createClock(Date.UTC(2026, 3, 1, 9))
  private readonly ids: string[]
  private readonly legacy: Set<string>

  constructor(private readonly project: Project) {
    const posts = project.fake.data.posts()
    this.ids = Object.keys(posts).sort()
    this.legacy = new Set(this.ids.filter((id) => typeof posts[id]!.createdAt !== 'number'))
    this.dirs = Promise.all([tempDir(), tempDir()]).then(([dataDir, profileDir]) => ({ dataDir, profileDir }))
  }

  /** Starts Magpie on the project (the first start of the day when its data folder is new) and runs the journey. */
  async journey(opened: readonly string[], scroll: number): Promise<MagpieReads> {
    this.scanned = 0
    const { fake } = this.project
    const billScan = (docs: DocsPort): DocsPort => ({
      ...docs,
      legacyPostsScan: async (afterId, requested) => {
        this.scanned += scanBilled(this.ids, this.legacy, afterId, requested)
        return docs.legacyPostsScan(afterId, requested)
      }
    })
    let reads: ReturnType<typeof countReads> | null = null
    const app = await startProjectApp(
      {
        connect: async (config, emulators) => {
          const ports = await fake.connect(config, emulators)
          reads = countReads(billScan(ports.docs))
          return { ...ports, docs: reads.docs }
        },
        idle: fake.idle
      },
      { ...(await this.dirs), clock: this.clock }
    )
    this.app = app
    let page = await app.call('posts:feed', {})
    let shown = page.posts.length
    while (shown < scroll && page.nextCursor) {
      page = await app.call('posts:feed', { cursor: page.nextCursor })
      shown += page.posts.length
    }
    for (const id of opened) {
      await app.call('posts:get', { id })
      await app.call('comments:list', { postId: id })
      await app.settle()
    }
    await app.settle()
    const counted = reads!
    const byMethod = Object.fromEntries(Object.entries(counted.counts.docs).filter(([method]) => method !== 'legacyPostsScan')) as Record<string, number>
    const result = { session: counted.total(['legacyPostsScan']), scan: this.scanned, byMethod }
    await app.close()
    this.app = null
    return result
  }

  /** Moves the app's clock a day on: the next start is the day's first. */
  nextDay(): void {
    this.clock.advance(25 * 60 * 60 * 1000)
  }

  async close(): Promise<void> {
    await this.app?.close()
    await cleanupTestApps()
  }
}
