import { parseWebDate } from '../../firebase/mapping'
import { prefixRange, webDays, type StampRange } from '../../firebase/web-stamps'
import type { Keyset } from '../../store/keyset'
import type { CommunityContext } from './context'
import type { MirrorWriter } from './mirror-writer'

/** Comments one query of a busy post reads at most. */
export const busyChunk = 50
const hourMs = 60 * 60 * 1000

/**
 * The parts of a day's comment_time texts, each of which sorts in time order on the server, with
 * the earliest hour each can hold. Together they are every text of the day: ko-KR's padded
 * 오전/오후 hours, 24-hour times ("14:05", Magpie's older form), and the rest (unpadded hours,
 * other forms) taken as possibly from midnight.
 */
function segmentsOf(day: string): { range: StampRange; fromHour: number }[] {
  const prefix = (text: string) => prefixRange(`${day} ${text}`)
  const whole = prefixRange(day)
  return [
    { range: { from: day, to: `${day} 오전 0` }, fromHour: 0 },
    { range: prefix('오전 12'), fromHour: 0 },
    { range: { from: `${day} 오전 0`, to: `${day} 오전 12` }, fromHour: 1 },
    { range: { from: prefix('오전 12').to, to: `${day} 오후` }, fromHour: 0 },
    { range: prefix('오후 12'), fromHour: 12 },
    { range: { from: `${day} 오후`, to: `${day} 오후 12` }, fromHour: 13 },
    { range: { from: prefix('오후 12').to, to: whole.to }, fromHour: 0 }
  ]
}

type Cursor = { stamp: string; id: string }

const before = (a: Keyset, b: Keyset): boolean => a.at < b.at || (a.at === b.at && a.id < b.id)

/**
 * A busy post's comments read from the server a page at a time, in the order the mirror shows
 * them (time, then id), without reading them all (decision 008, "The cost of a community"). The
 * comment_time text sorts by time only within a day and within one of its parts (segmentsOf), so
 * the days from the post's on are walked in turn — a month or a day without comments skipped by a
 * count (a read per 1,000) — and within a day the parts are merged: the mirror is known to be
 * complete up to the earliest place any part has not been read beyond (the frontier).
 */
export function createBusyComments(ctx: CommunityContext, writer: MirrorWriter, postId: string, postDate: string) {
  const { ports, store } = ctx
  /** Local midnight of a day prefix, as parseWebDate reads it. */
  const midnight = (day: string): number => parseWebDate(day) ?? 0
  const dayOf = (ms: number): string => {
    const d = new Date(ms)
    return `${d.getFullYear()}. ${d.getMonth() + 1}. ${d.getDate()}.`
  }
  const shift = (day: string, days: number): string => {
    const d = new Date(midnight(day))
    d.setDate(d.getDate() + days)
    return dayOf(d.getTime())
  }
  const posted = parseWebDate(postDate)
  // Two days before the post's own: a commenter far west writes a date that far behind its author's.
  let day: string | null = posted === null ? null : shift(dayOf(posted), -2)
  /** A part of the current day: where its reading stands, and where it stood a chunk before (grew() goes back there). */
  let segments: { range: StampRange; from: Keyset; last: Cursor | null; previous: Cursor | null; done: boolean }[] = []
  /** The day the parts were last set up for. */
  let segmentsDay: string | null = null
  /** Years and months found empty, by prefix. */
  const empty = new Set<string>()
  let done = posted === null
  let queue: Promise<void> = Promise.resolve()
  /** The mirror's comments of the post from before may have been deleted since: read afresh, under the server's count, once. */
  let fresh = false

  const lastDay = (): string => webDays(ctx.now()).at(-1)!
  const frontier = (): Keyset | null => {
    if (done) return null
    const open = segments.filter((segment) => !segment.done)
    if (day !== null && open.length === 0) return { at: midnight(day), id: '' }
    return open.reduce<Keyset | null>((low, segment) => (low === null || before(segment.from, low) ? segment.from : low), null)
  }

  /** The next day with comments of this post, its parts ready to read; done after the last day being written. */
  async function nextDay(): Promise<void> {
    const end = lastDay()
    while (day !== null) {
      // A year, then a month, without comments of the post is skipped by one count each.
      const year = /^\d{4}\./.exec(day)?.[0] ?? day
      const month = /^\d{4}\. \d{1,2}\./.exec(day)?.[0] ?? day
      for (const prefix of [year, month]) {
        if (!empty.has(year) && !empty.has(prefix) && (await ports.docs.countPostCommentsStamped(postId, prefixRange(prefix))) === 0) empty.add(prefix)
      }
      if (empty.has(year) || empty.has(month)) {
        if (midnight(day) >= midnight(end)) break
        const d = new Date(midnight(day))
        // The first day of the next month (or year) not known to be empty.
        if (empty.has(year)) d.setFullYear(d.getFullYear() + 1, 0, 1)
        else d.setMonth(d.getMonth() + 1, 1)
        day = midnight(dayOf(d.getTime())) > midnight(end) ? end : dayOf(d.getTime())
        continue
      }
      if ((await ports.docs.countPostCommentsStamped(postId, prefixRange(day))) > 0) {
        const start = midnight(day)
        segments = segmentsOf(day).map(({ range, fromHour }) => ({ range, from: { at: start + fromHour * hourMs, id: '' }, last: null, previous: null, done: false }))
        segmentsDay = day
        return
      }
      if (midnight(day) >= midnight(end)) break
      day = shift(day, 1)
    }
    done = true
  }

  /** One chunk of the part the frontier waits on. */
  async function step(): Promise<void> {
    if (segments.every((segment) => segment.done)) {
      if (day !== null && segments.length > 0) day = midnight(day) >= midnight(lastDay()) ? null : shift(day, 1)
      if (day === null) {
        done = true
        return
      }
      return nextDay()
    }
    const segment = segments.filter((s) => !s.done).reduce((low, s) => (before(s.from, low.from) ? s : low))
    const docs = await ports.docs.postCommentsStamped(postId, segment.range, segment.last, busyChunk)
    await writer.pagedComments(postId, docs)
    const last = docs.at(-1)
    if (last) {
      segment.previous = segment.last
      segment.last = { stamp: last.data.comment_time, id: last.id }
      // By the text's own time: the mirror may keep a later one (the minute's arrival, or now for a text it cannot read).
      segment.from = { at: parseWebDate(last.data.comment_time) ?? segment.from.at, id: last.id }
    }
    if (docs.length < busyChunk) segment.done = true
  }

  /** Whether the mirror holds, after `cursor`, `count` comments below the frontier (or all there are). */
  function enough(cursor: Keyset | null, count: number): boolean {
    const edge = frontier()
    if (edge === null) return true
    const rows = store.comments.page(null, postId, cursor, count)
    const last = rows.at(-1)
    return rows.length === count && last !== undefined && before({ at: last.createdAt, id: last.id }, edge)
  }

  return {
    /** Reads on until the page after `cursor` (`count` comments, one past the page) can be answered from the mirror. One read at a time. */
    ensure(cursor: Keyset | null, count: number): Promise<void> {
      const run = queue.then(async () => {
        if (!fresh) {
          await writer.resetComments(postId, (await ports.docs.commentCounts([postId]))[postId] ?? 0)
          fresh = true
        }
        while (!enough(cursor, count)) await step()
      })
      queue = run.catch(() => {})
      return run
    },

    /**
     * The server has comments the walk has not read (written since it reached the end): it goes on
     * from a chunk before where it stopped, so that a comment whose writer's clock ran a little
     * behind is read too.
     */
    grew(): void {
      if (!done || posted === null) return
      done = false
      empty.clear()
      if (segmentsDay === null) {
        day = shift(dayOf(posted), -2)
        return
      }
      day = segmentsDay
      for (const segment of segments) {
        segment.done = false
        segment.last = segment.previous
      }
    }
  }
}

export type BusyComments = ReturnType<typeof createBusyComments>
