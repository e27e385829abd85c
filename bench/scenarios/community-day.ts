import { cleanupTestApps } from '../../tests/support/main/test-app'
import { firstConnectHour, makePhoto, sessionHours, webPerGap } from '../lib/community-day'
import { commentsPerSession, likesPerSession, runDay, scrollPosts, type Member } from '../lib/community-member'
import type { CommunitySpec } from '../lib/firestore-reads'
import { bigCallDocs, meanTally, sumTallies, total, type Tally } from '../lib/metered-ports'
import { scalingSpecs, sizeLabel } from '../lib/specs'
import { kib, mib, num } from '../lib/stats'
import { emptyOutput, type BenchContext, type Goal, type Scenario, type Table } from '../lib/types'

/** Firestore's no-cost quota per project and day (https://firebase.google.com/docs/firestore/quotas). */
const freeQuota = { reads: 50_000, writes: 20_000, deletes: 20_000 }
/** The legacy scan and the post counts read (or count) the posts collection whatever its size. */
const collectionMethods = ['legacyPostsScan', 'postsCount']
const goals = { laterStart: 40, busiestOpen: 300, membersAt: 10_000, members: 1_000 }

/** Community sizes as seed-pattern's (its older web app posts, 2 comments a post, the heavy posts). */
function communitySpecs(smoke: boolean): CommunitySpec[] {
  return scalingSpecs(smoke).map((spec) => ({ posts: spec.posts, legacy: smoke ? 10 : 50, commentsPerPost: 2, heavyComments: spec.heavyComments }))
}

/** A figure that may be a mean of members: whole when it is whole, else one decimal. */
const fig = (n: number): string => {
  const rounded = Math.round(n * 10) / 10
  return num(rounded, Number.isInteger(rounded) ? 0 : 1)
}
const bytes = (n: number): string => (n >= 1024 * 1024 ? mib(n) : n >= 1024 ? kib(n) : `${fig(n)} B`)
const reads = (t: Tally): number => total(t.reads)
const writes = (t: Tally): number => total(t.writes)
const pushes = (t: Tally): number => t.rtdb.push ?? 0
const downloads = (t: Tally) => t.files.download ?? { calls: 0, failed: 0, bytesIn: 0, bytesOut: 0 }
/** "watchComments 10,000, commentCounts 201": the methods with the most, most first. */
const top = (record: Record<string, number>, k = 3): string =>
  Object.entries(record)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([method, n]) => `${method} ${fig(n)}`)
    .join(', ') || 'none'
/** Reads that were of a whole collection, or of more than bigCallDocs documents in one call. */
const collectionReads = (t: Tally): number =>
  collectionMethods.reduce((sum, m) => sum + (t.reads[m] ?? 0), 0) + Object.entries(t.bigReads).reduce((sum, [m, n]) => sum + (collectionMethods.includes(m) ? 0 : n), 0)
const fits = (quota: number, perDay: number): number => (perDay > 0 ? Math.floor(quota / perDay) : Infinity)
const members = (n: number): string => (Number.isFinite(n) ? num(n) : 'no limit')

interface Measured {
  label: string
  posts: number
  busiestComments: number
  day: Tally
  sessions: Tally[]
  first: Tally
  later: Tally
  busiestFirst: Tally
  busiestLater: Tally
  /** The largest single call of any member's day. */
  largest: Tally['largest']
  members: number
  /** The fewest comments an opening of the busiest post showed, and the first page it should have. */
  busiestShown: { shown: number; expected: number }
  /** Members whose day had collection-sized reads. */
  membersWithCollectionReads: number
}

function measure(label: string, spec: CommunitySpec, crowd: Member[]): Measured {
  const mean = (phase: string) => meanTally(crowd.map((m) => m.meter.tally(phase)))
  const days = crowd.map((m) => sumTallies(sessionHours.map((_, s) => m.meter.tally(`day${s + 1}`))))
  return {
    label,
    posts: spec.posts,
    busiestComments: spec.heavyComments[0]!,
    day: meanTally(days),
    sessions: sessionHours.map((_, s) => mean(`day${s + 1}`)),
    first: mean('first'),
    later: mean('later'),
    busiestFirst: mean('busiest-first'),
    busiestLater: mean('busiest-later'),
    largest: sumTallies(days).largest,
    members: crowd.length,
    busiestShown: crowd.flatMap((m) => m.busiestShown).reduce((a, b) => (b.shown < a.shown ? b : a), { shown: Infinity, expected: 0 }),
    membersWithCollectionReads: days.filter((t) => collectionReads(t) > 0).length
  }
}

/** One size: what a member's Firebase use was, operation by operation. */
function sizeTable(m: Measured, count: number): Table {
  const phases = [m.day, m.first, m.later, m.busiestFirst, m.busiestLater]
  const methods = (key: 'reads' | 'writes') => [...new Set(phases.flatMap((t) => Object.keys(t[key])))].sort((a, b) => (m.day[key][b] ?? 0) - (m.day[key][a] ?? 0))
  const row = (name: string, value: (t: Tally) => string): string[] => [
    name,
    value(m.day),
    m.sessions.map(value).join(' / '),
    value(m.first),
    value(m.later),
    `${value(m.busiestFirst)} / ${value(m.busiestLater)}`
  ]
  const rows: string[][] = [
    row('**Firestore document reads (billed)**', (t) => `**${fig(reads(t))}**`),
    ...methods('reads').map((method) => row(`reads: ${method}`, (t) => fig(t.reads[method] ?? 0))),
    row('reads, every listener snapshot whole (counting.ts)', (t) => fig(total(t.readsWhole))),
    row('**Firestore document writes**', (t) => `**${fig(writes(t))}**`),
    ...methods('writes').map((method) => row(`writes: ${method}`, (t) => fig(t.writes[method] ?? 0))),
    row('Firestore deletes', (t) => fig(total(t.deletes))),
    row('Realtime Database: alert pushes (other operations)', (t) => `${fig(pushes(t))} (${fig(total(t.rtdb) - pushes(t))})`),
    row('Storage downloads (failed)', (t) => `${fig(downloads(t).calls)} (${fig(downloads(t).failed)})`),
    row('Storage bytes downloaded', (t) => bytes(downloads(t).bytesIn)),
    row('largest single call or snapshot, reads', (t) => (t.largest.reads > 0 ? `${fig(t.largest.reads)} (${t.largest.method})` : '–'))
  ]
  return {
    title: `A community of ${m.label} posts: Firebase use per member (mean of ${count} members)`,
    columns: ['', "a member's day (3 sessions)", `per session (${sessionHours.map((h) => `${h}:00`).join(' / ')})`, 'first connect (the day before)', 'a later start', `opening the post with ${num(m.busiestComments)} comments: first / later`],
    rows,
    note: `Means over the members (a figure may be fractional). The day is the three sessions; the first connect (sign-up, then the same look around), the later start (5 minutes after the member's last session, before anyone else wrote) and the openings are not part of it. "Opening" counts only posts:get, comments:list and what the listeners deliver until they settle, in a session that scrolled ${scrollPosts} posts first.`
  }
}

export const communityDay: Scenario = {
  name: 'community-day',
  title: "A community's day: Firestore reads, writes and downloads per member",
  aliases: ['day'],
  async run(ctx: BenchContext) {
    const out = emptyOutput()
    const specs = communitySpecs(ctx.smoke)
    const count = ctx.smoke ? 2 : 3
    const photo = ctx.smoke ? await makePhoto(64, 48) : await makePhoto(800, 600)
    const measured: Measured[] = []
    for (const spec of specs) {
      const label = sizeLabel(spec.posts)
      try {
        const run = await runDay(spec, count, photo, (step) => ctx.progress.step(`${label} posts: ${step}`))
        measured.push(measure(label, spec, run.members))
        for (const member of run.members) for (const problem of member.problems) out.warnings.push(`community-day, ${label} posts, ${member.name}: ${problem}`)
      } finally {
        await cleanupTestApps()
      }
    }

    out.tables.push({
      title: 'A member\'s day, and how many members the free quota carries',
      columns: [
        'posts',
        'reads / member / day',
        'writes / member / day',
        'alert pushes / day',
        'downloads / day',
        'members within free reads',
        'within free writes',
        'binding',
        'first connect: reads',
        'a later start: reads',
        'busiest post opened: reads, first / later',
        'collection-sized reads in the day (largest call)'
      ],
      rows: measured.map((m) => {
        const r = fits(freeQuota.reads, reads(m.day))
        const w = fits(freeQuota.writes, writes(m.day))
        const d = fits(freeQuota.deletes, total(m.day.deletes))
        return [
          m.label,
          fig(reads(m.day)),
          fig(writes(m.day)),
          fig(pushes(m.day)),
          `${fig(downloads(m.day).calls)} (${bytes(downloads(m.day).bytesIn)})`,
          members(r),
          members(w),
          r <= Math.min(w, d) ? 'reads' : w <= d ? 'writes' : 'deletes',
          fig(reads(m.first)),
          fig(reads(m.later)),
          `${fig(reads(m.busiestFirst))} / ${fig(reads(m.busiestLater))}`,
          `${fig(collectionReads(m.day))} (largest ${m.largest.reads > 0 ? `${fig(m.largest.reads)}, ${m.largest.method}` : '–'})`
        ]
      }),
      note: `Members within the free quota: floor(${num(freeQuota.reads)} ÷ reads per member per day), and likewise for ${num(freeQuota.writes)} writes (and ${num(freeQuota.deletes)} deletes, when a member deletes); "binding" is the smallest. Collection-sized reads: the legacy scan and the post counts, and any call or listener snapshot over ${num(bigCallDocs)} reads, per member per day.`
    })
    for (const m of measured) out.tables.push(sizeTable(m, count))

    out.goals.push(...goalsOf(measured))
    out.notes.push(
      `Each community size is one in-memory Firebase project (\`fake-firebase.ts\`) filled like seed-pattern's: ${specs[0]!.legacy} older posts the web app wrote (no createdAt), 2 comments a post, and the heavy threads (${specs[0]!.heavyComments.map((n) => num(n)).join(' and ')} comments) — here two days old, their comments written in the 12 hours after each post, so that no burst of comments just before the day is read as the day's; the history is as dense as the day below (${webPerGap.posts * sessionHours.length} posts a day, postDate and comment_time as written then), and the newest 100 posts, the older web app posts and every new one have a photo in Storage (${bytes(photo.byteLength)} each, a noisy JPEG: real photos are larger, so the bytes scale with them). ${count} Magpie members, each a real Magpie (services, mirror, listeners) with its own data and profile folders kept between its sessions, connect once the day before at ${firstConnectHour - 0.5}:30 (sign-up, then a look around), then have sessions at ${sessionHours.map((h) => `${h}:00`).join(', ')} on one shared test clock. A session: start, scroll ${scrollPosts} posts (posts:feed pages), open 3 of them (posts:get, comments:list; the newest, the one with ${num(specs[0]!.heavyComments[1]!)} comments, a quiet one — never the busiest, measured on its own), ${likesPerSession} likes and ${commentsPerSession} comment on posts seen, app.close(). Before each session the web app's members write through the fake's webApp helpers exactly as the web app does: ${webPerGap.posts} posts (postDate for "now"), ${webPerGap.comments} comments on recent posts (comment_time), ${webPerGap.likes} likes (the whole likedBy list rewritten), each pushing the author's alert.`,
      'Counted at each member\'s Firebase ports (bench/lib/metered-ports.ts), every function of `docs`, `alerts` and `files` wrapped by what it returns, so a DocsPort method added later is counted unchanged. Reads as Firestore bills them (https://firebase.google.com/docs/firestore/pricing): a query one read per document and at least one; a get one; a count aggregation one per 1,000 entries and at least one; a listener every document of its first snapshot, then one per document added, changed or gone from its result (counting.ts counts each snapshot whole: shown beside as an upper bound). The legacy scan is billed as the SDK adapter reads it (every post in id order, 200 at a time, until it has found its page), not as the fake answers. Writes and deletes one each. Realtime Database alerts are counted apart: it bills stored and downloaded bytes, not operations (https://firebase.google.com/docs/database/usage/billing). Storage: every download, its bytes, and failures.',
      `The free (Spark, no-cost) quota is per project and day: ${num(freeQuota.reads)} document reads, ${num(freeQuota.writes)} writes, ${num(freeQuota.deletes)} deletes (https://firebase.google.com/docs/firestore/quotas). "Members within" assumes every member has this day and nobody else reads — optimistic twice over: ${count} members write far less than a thousand would (more writes are more listener reads for everyone), and each visit of the original web app reads all of magazinePost.`
    )
    return out
  }
}

/** The issue's goals, each with the cause of a miss as measured. */
function goalsOf(measured: Measured[]): Goal[] {
  const worst = (value: (m: Measured) => number) => measured.reduce((a, b) => (value(b) > value(a) ? b : a))
  const at = (m: Measured) => `at ${m.label} posts`

  const later = worst((m) => reads(m.later))
  const busiest = worst((m) => Math.max(reads(m.busiestFirst), reads(m.busiestLater)))
  const busiestTally = reads(busiest.busiestFirst) >= reads(busiest.busiestLater) ? busiest.busiestFirst : busiest.busiestLater
  const short = measured.filter((m) => m.busiestShown.shown < m.busiestShown.expected)
  const scanned = worst((m) => collectionReads(m.day))
  const sized = measured.find((m) => m.posts === goals.membersAt) ?? measured.at(-1)!
  const fitting = fits(freeQuota.reads, reads(sized.day))

  return [
    {
      name: 'Firestore reads, a later start (scroll 30 posts, open 3)',
      target: `≤ ${goals.laterStart}`,
      actual: `${fig(reads(later.later))} ${at(later)} (${measured.map((m) => `${m.label}: ${fig(reads(m.later))}`).join(', ')})`,
      met: reads(later.later) <= goals.laterStart,
      why: `A start right after another, nothing changed: ${top(later.later.reads, 4)} ${at(later)}. The 30 cards shown are followed (watchPosts, watchPostsTop: a read each), the price of the web app's likes, edits and deletes showing live; a stamp does not say its writer's zone, so the ranges re-read what was written in the hours before the mark (watchPostsStamped, watchPostCommentsStamped; decision 008, "The cost of a community").`
    },
    {
      name: `Firestore reads, opening the post with ${num(busiest.busiestComments)} comments`,
      target: `≤ ${goals.busiestOpen}`,
      actual: `${fig(reads(busiest.busiestFirst))} the first time, ${fig(reads(busiest.busiestLater))} a later time, ${at(busiest)}`,
      met: Math.max(reads(busiest.busiestFirst), reads(busiest.busiestLater)) <= goals.busiestOpen && short.length === 0,
      why:
        short.length > 0
          ? `Not an opening as the reader sees it: ${short.map((m) => `${m.label}: ${m.busiestShown.shown} of the first ${m.busiestShown.expected} comments shown`).join(', ')}, so the reads are not comparable. Reads: ${top(busiestTally.reads)}.`
          : `posts:get and comments:list, then what the listeners deliver: ${top(busiestTally.reads)}.`
    },
    {
      name: 'Periodic whole-collection reads per computer, after the first connect',
      target: 'none',
      actual:
        collectionReads(scanned.day) === 0
          ? `none (largest single call in a day: ${fig(scanned.largest.reads)} reads, ${scanned.largest.method || '–'})`
          : `${fig(collectionReads(scanned.day))} reads per member per day ${at(scanned)}, on ${scanned.membersWithCollectionReads} of ${scanned.members} computers; largest single call ${fig(scanned.largest.reads)} (${scanned.largest.method})`,
      met: measured.every((m) => collectionReads(m.day) === 0),
      why:
        collectionReads(scanned.day) === 0
          ? `No legacy scan, post count or call of over ${num(bigCallDocs)} reads in the day's sessions, at any size.`
          : `In the day's sessions, ${at(scanned)}: ${top({ ...Object.fromEntries(collectionMethods.map((k) => [k, scanned.day.reads[k] ?? 0])), ...scanned.day.bigReads })} (the legacy scan and post counts, and calls of over ${num(bigCallDocs)} reads).`
    },
    {
      name: `Members within the free read quota (3 sessions a day, ${sized.label} posts)`,
      target: `≥ ${num(goals.members)}`,
      actual: `${members(fitting)} (${fig(reads(sized.day))} reads per member per day; writes allow ${members(fits(freeQuota.writes, writes(sized.day)))})`,
      met: fitting >= goals.members,
      why: `A member's day reads ${top(sized.day.reads, 4)} ${at(sized)}. A thousand members need at most 16 reads a session; each session counts the comments of the cards it shows (their counts are over an hour old) and follows them, a read each (decision 008, "The cost of a community").`
    }
  ]
}
