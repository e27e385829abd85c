import { limits } from '@shared/limits'
import type { PostView } from '@shared/types'
import { startProjectApp, type CommunityApp } from '../../tests/support/main/community-app'
import { signUp, tempDir } from '../../tests/support/main/test-app'
import { advanceTo, fillDayProject, firstConnectHour, hour, scanBiller, sessionHours, WebAppMembers, type DayProject } from './community-day'
import type { CommunitySpec } from './firestore-reads'
import { Meter, type Biller } from './metered-ports'

/** The seed's pattern: scroll until this many posts are shown, then open 3 of them. */
export const scrollPosts = 30
export const likesPerSession = 2
export const commentsPerSession = 1

/**
 * One Magpie member: a real Magpie (services, mirror, listeners) with its own data and
 * profile folders, kept between its sessions, whose Firebase ports are metered. Each session
 * is a start, what the member does, and app.close(); the meter's phase names the session.
 */
export class Member {
  readonly meter: Meter
  readonly name: string
  private readonly dirs: Promise<{ dataDir: string; profileDir: string }>
  private app: CommunityApp | null = null
  /** The posts the last day session opened (the later start opens them again). */
  private lastOpened: string[] = []
  /** What the app showed short of what it should have (reads counted then would flatter it). */
  readonly problems = new Set<string>()
  /** Comments the post with the most showed each time it was opened, and the first page it should have shown. */
  readonly busiestShown: { shown: number; expected: number }[] = []

  constructor(
    readonly index: number,
    private readonly project: DayProject,
    bill: Biller
  ) {
    this.meter = new Meter(bill)
    this.name = `member${index + 1}`
    this.dirs = Promise.all([tempDir(), tempDir()]).then(([dataDir, profileDir]) => ({ dataDir, profileDir }))
  }

  private async start(phase: string): Promise<CommunityApp> {
    this.meter.phase(phase)
    const { fake, clock } = this.project
    const app = await startProjectApp(
      { connect: async (config, emulators) => this.meter.wrap(await fake.connect(config, emulators)), idle: fake.idle },
      { ...(await this.dirs), clock }
    )
    this.app = app
    return app
  }

  async close(): Promise<void> {
    await this.app?.close()
    this.app = null
  }

  /** posts:feed pages until `scroll` posts are shown. */
  private async scroll(app: CommunityApp): Promise<PostView[]> {
    let page = await app.call('posts:feed', {})
    const shown = [...page.posts]
    while (shown.length < scrollPosts && page.nextCursor) {
      page = await app.call('posts:feed', { cursor: page.nextCursor })
      shown.push(...page.posts)
    }
    if (shown.length < scrollPosts) this.problems.add(`the feed showed ${shown.length} posts, not ${scrollPosts}`)
    return shown
  }

  /** Opens each post as the renderer does (the post, its first comments) and lets the listeners deliver. */
  private async open(app: CommunityApp, ids: string[]): Promise<void> {
    for (const id of ids) {
      const post = await app.call('posts:get', { id })
      const page = await app.call('comments:list', { postId: id })
      await app.settle()
      const known = id === this.project.heavy[0] ? this.project.busiestComments : post.commentCount
      const expected = Math.min(limits.commentPageSize, known)
      if (id === this.project.heavy[0]) this.busiestShown.push({ shown: page.comments.length, expected })
      if (page.comments.length < expected) this.problems.add(`opening a post with ${known} comments showed ${page.comments.length} of its first ${expected}`)
    }
  }

  /**
   * Three posts of those shown, never the one with the most comments (measured on its own):
   * the newest (usually one the web app just wrote), the one with 25 comments, and a quiet one
   * further down that changes with the member and the session.
   */
  private pick(shown: PostView[], session: number): string[] {
    const [busiest, lively] = this.project.heavy
    const ids = shown.map((post) => post.id).filter((id) => id !== busiest)
    const quiet = ids.filter((id) => id !== lively)
    const wanted = [quiet[0], lively && ids.includes(lively) ? lively : quiet[5], quiet[10 + ((this.index * 3 + session) % Math.max(1, quiet.length - 10))]]
    return [...new Set(wanted.filter((id): id is string => id !== undefined))]
  }

  /** The day before: the member's first start — signs up, then looks around as in any session. */
  async firstConnect(): Promise<void> {
    const app = await this.start('first')
    await signUp(app, this.name, { nickname: `까치${this.index + 1}` })
    const shown = await this.scroll(app)
    await this.open(app, this.pick(shown, 0))
    await app.settle()
    await this.close()
  }

  /** A session of the day: the seed's pattern, 2 likes and a comment on posts seen. */
  async daySession(session: number): Promise<void> {
    const app = await this.start(`day${session + 1}`)
    const shown = await this.scroll(app)
    const opened = this.pick(shown, session)
    await this.open(app, opened)
    // Posts not liked yet, starting at a place that differs by member and session.
    const offset = (this.index * 5 + session * 7) % shown.length
    const unliked = [...shown.slice(offset), ...shown.slice(0, offset)].filter((post) => !post.likedByMe && post.id !== this.project.heavy[0])
    for (const post of unliked.slice(0, likesPerSession)) await app.call('likes:set', { postId: post.id, liked: true })
    for (const postId of opened.slice(0, commentsPerSession)) await app.call('comments:add', { postId, text: `${this.name}의 댓글 (${session + 1})` })
    await app.settle()
    await this.close()
    this.lastOpened = opened
  }

  /** A start right after the last one, nothing changed meanwhile: the seed's pattern only. */
  async laterStart(): Promise<void> {
    const app = await this.start('later')
    await this.scroll(app)
    await this.open(app, this.lastOpened)
    await app.settle()
    await this.close()
  }

  /** A session that scrolls to the post with the most comments and opens it: only the opening is counted under `phase`. */
  async openBusiest(phase: string): Promise<void> {
    const app = await this.start(`${phase}-around`)
    await this.scroll(app)
    await app.settle()
    this.meter.phase(phase)
    await this.open(app, [this.project.heavy[0]!])
    this.meter.phase(`${phase}-around`)
    await this.close()
  }
}

export interface DayRun {
  project: DayProject
  members: Member[]
}

/**
 * The simulated day on one community: each member's first connect the day before, the web
 * app's members writing in each gap, every member's three sessions (the last followed at once
 * by a later start), then, after the day, two openings of the post with the most comments.
 */
export async function runDay(spec: CommunitySpec, count: number, photo: Uint8Array, step: (label: string) => void): Promise<DayRun> {
  const project = fillDayProject(spec, photo)
  const biller = scanBiller(project)
  const web = new WebAppMembers(project, biller.invalidate)
  const members = Array.from({ length: count }, (_, i) => new Member(i, project, biller.bill))
  const at = (hours: number) => advanceTo(project.clock, project.day + hours * hour)
  const each = async (label: string, run: (member: Member) => Promise<void>) => {
    for (const member of members) {
      step(`${label}, ${member.name}`)
      await run(member)
    }
  }
  try {
    at(firstConnectHour - 24)
    await each('first connect (the day before)', (m) => m.firstConnect())
    for (const [session, hours] of sessionHours.entries()) {
      step(`the web app's members write until ${hours}:00`)
      await web.gap(project.day + hours * hour)
      const last = session === sessionHours.length - 1
      await each(`session ${session + 1} (${hours}:00)${last ? ', then a later start' : ''}`, async (m) => {
        await m.daySession(session)
        if (!last) return
        // Five minutes on, before anyone else writes: a start with nothing changed since the last.
        advanceTo(project.clock, project.clock.t + 5 * 60_000)
        await m.laterStart()
      })
    }
    at(sessionHours.at(-1)! + 1)
    await each('opening the busiest post', (m) => m.openBusiest('busiest-first'))
    at(sessionHours.at(-1)! + 1.5)
    await each('opening it again', (m) => m.openBusiest('busiest-later'))
  } finally {
    await web.close()
    for (const member of members) await member.close()
  }
  return { project, members }
}
