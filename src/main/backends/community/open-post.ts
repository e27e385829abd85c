import type { FirebasePortError, Unsubscribe } from '../../firebase/ports'
import { parseWebDate } from '../../firebase/mapping'
import { rangeQueries, stampsSince } from '../../firebase/web-stamps'
import { createBusyComments, type BusyComments } from './busy-comments'
import { inOrder as inOrderOf, type CommunityContext } from './context'
import { countsFreshMs, followCommentsMax } from './feed-window'
import type { MirrorWriter } from './mirror-writer'
import { stampSkewMs } from './sync-stamps'

/** A post whose comments the mirror held whole this recently is resumed by the comments written since; older, they are read again. */
export const resumeCommentsMs = 7 * 24 * 60 * 60 * 1000
const dayMs = 24 * 60 * 60 * 1000
/** While a post is open without a listener on all its comments, its count is checked this often (comments deleted by others). */
export const openCheckMs = 60_000

/**
 * The post being read and its comments (decision 008, "The cost of a community"), each read
 * once at most:
 *  - its document is listened to, unless the feed already follows it (the top, a page shown);
 *  - when the mirror held every comment of it recently, only the comments written since are
 *    listened to (by their comment_time text, web-stamps.ts), and one count on the server
 *    confirms that nothing else changed — again each openCheckMs while it stays open;
 *  - a busy post (more than followCommentsMax comments) is read a page at a time on the server
 *    (busy-comments.ts) and counted again each openCheckMs;
 *  - otherwise, or when a count disagrees, every comment of it is listened to.
 */
export function createOpenPost(ctx: CommunityContext, writer: MirrorWriter, followed: (postId: string) => boolean) {
  const { ports, mirror } = ctx
  let open: { postId: string; stop: Unsubscribe; ready: Promise<void>; busy: BusyComments | null; unpage: () => Promise<void> } | null = null


  function openPost(postId: string): Promise<void> {
    if (open?.postId === postId) return open.ready
    open?.stop()
    let settle: () => void = () => {}
    const ready = new Promise<void>((resolve) => (settle = resolve))
    /** The comments' listeners; the document's, apart, lives as long as the post is open. */
    const stops: Unsubscribe[] = []
    let stopPost: Unsubscribe | null = null
    let all = false
    /** The project could not answer a page of its comments (no composite index): read whole, whatever its size. */
    let unpageable = false
    let checkTimer: NodeJS.Timeout | undefined
    const entry = {
      postId,
      ready,
      busy: null as BusyComments | null,
      unpage: (): Promise<void> => {
        if (open !== entry || all) return Promise.resolve()
        unpageable = true
        entry.busy = null
        return listenAll()
      },
      stop: () => {
        for (const stop of stops.splice(0)) stop()
        stopPost?.()
        clearInterval(checkTimer)
        settle()
      }
    }
    open = entry
    const fail = (error: FirebasePortError) => {
      if (open === entry) {
        entry.stop()
        open = null
      }
      console.warn('[community] open post listener stopped:', error.reason)
    }
    const inOrder = inOrderOf(ctx)

    /**
     * Every comment of the post, listened to; resolves once their first snapshot is in the mirror.
     * After the first, a snapshot writes only the comments that came or went. A post that grows
     * past followCommentsMax meanwhile (a flood) is read a page at a time instead: no snapshot of
     * it is written whole again.
     */
    const listenAll = (): Promise<void> => {
      all = true
      clearInterval(checkTimer)
      for (const stop of stops.splice(0)) stop()
      let listened: () => void = () => {}
      const whole = new Promise<void>((resolve) => (listened = resolve))
      let known: Set<string> | null = null
      stops.push(
        ports.docs.watchComments(
          postId,
          (docs) =>
            inOrder('comments listener', async () => {
              if (open !== entry || !all) return
              if (docs.length > followCommentsMax && !unpageable) paged(docs.length)
              else if (known === null) await writer.comments(postId, docs)
              else {
                const before = known
                const present = new Set(docs.map((doc) => doc.id))
                await writer.stampedComments(
                  docs.filter((doc) => !before.has(doc.id)),
                  [...before].filter((id) => !present.has(id))
                )
              }
              known = new Set(docs.map((doc) => doc.id))
              settle()
              listened()
            }),
          (error) => {
            listened()
            fail(error)
          }
        )
      )
      return whole
    }

    /** The server's count against the mirror's: equal, the mirror answers; else every comment is read. */
    const check = async () => {
      const at = ctx.now()
      try {
        const counted = (await ports.docs.commentCounts([postId]))[postId]
        if (open !== entry || all) return
        if (counted === mirror.commentsState(postId)?.count) {
          // The comments written since it was whole are in (listened to), and the count agrees: whole as of now.
          await writer.wholeAgain(postId, at)
          return settle()
        }
        void listenAll()
      } catch {
        // Offline or refused: the mirror answers meanwhile.
        settle()
      }
    }

    /** The comments written since `from`, live; `then` once each range's first snapshot is in. */
    const listenSince = (from: number, then: () => void) => {
      const groups = rangeQueries(stampsSince(from - stampSkewMs, ctx.now()).map(({ range }) => range))
      let waiting = groups.length
      for (const ranges of groups) {
        let known = new Set<string>()
        let first = true
        stops.push(
          ports.docs.watchPostCommentsStamped(
            postId,
            ranges,
            (docs) =>
              inOrder('comments since', async () => {
                const present = new Set(docs.map((doc) => doc.id))
                await writer.stampedComments(
                  docs.filter((doc) => !known.has(doc.id)),
                  [...known].filter((id) => !present.has(id))
                )
                known = present
                if (first && --waiting === 0) then()
                first = false
              }),
            // A range the project cannot answer (its composite index not deployed): every comment instead.
            (error) => {
              console.warn('[community] comments since listener stopped:', error.reason)
              if (open === entry && !all) {
                unpageable = true
                entry.busy = null
                void listenAll()
              }
            }
          )
        )
      }
    }

    /**
     * A busy post, read a page at a time on the server: its comments are not listened to (those
     * of the last day alone may be thousands), its count is asked again each openCheckMs, and
     * the pages are read on when it grew.
     */
    function paged(count: number): void {
      const posted = parseWebDate(mirror.postRemote(postId)?.postDate)
      // The walk starts from the post's own day: without one (a date it cannot read, or one still to
      // come), every comment is read instead.
      if (posted === null || posted > ctx.now() + dayMs) {
        unpageable = true
        void listenAll()
        return
      }
      all = false
      clearInterval(checkTimer)
      for (const stop of stops.splice(0)) stop()
      const busy = createBusyComments(ctx, writer, postId, mirror.postRemote(postId)?.postDate ?? '')
      entry.busy = busy
      settle()
      checkTimer = setInterval(
        () =>
          ctx.background('busy comments count', async () => {
            const counted = (await ports.docs.commentCounts([postId]))[postId]
            if (open !== entry || entry.busy !== busy || counted === undefined || counted === mirror.commentsState(postId)?.count) return
            await writer.commentCounts({ [postId]: counted })
            busy.grew()
          }),
        openCheckMs
      )
      checkTimer.unref()
      void writer.commentCounts({ [postId]: count }).catch(() => {})
    }

    /** By the post's comment count: a busy post is read a page at a time, another whole. */
    const byCount = (count: number) => {
      if (open !== entry) return
      if (count <= followCommentsMax) return void listenAll()
      paged(count)
    }
    const state = mirror.commentsState(postId)
    const now = ctx.now()
    if (!followed(postId)) stopPost = ports.docs.watchPost(postId, (doc) => inOrder('post listener', () => writer.post(postId, doc)), fail)
    if (state?.wholeSince != null && now - state.wholeSince < resumeCommentsMs) {
      listenSince(state.wholeSince, () => void check())
      checkTimer = setInterval(() => ctx.background('comments check', check), openCheckMs)
      checkTimer.unref()
    } else if (state?.countedAt != null && now - state.countedAt < countsFreshMs) byCount(state.count)
    else {
      // Never counted, or long ago: a count first (a read per 1,000) tells whether reading every comment is affordable.
      ctx.background('comments count', async () => {
        let count = state?.count ?? 0
        try {
          count = (await ports.docs.commentCounts([postId]))[postId] ?? count
          await writer.commentCounts({ [postId]: count })
        } finally {
          byCount(count)
        }
      })
    }
    return ready
  }

  return {
    open: openPost,
    /** The open post's id, if any. */
    current: (): string | null => open?.postId ?? null,
    /** The open post's comments read a page at a time on the server, when it is busy. */
    busy: (postId: string): BusyComments | null => (open?.postId === postId ? open.busy : null),
    /** Its pages could not be read on the server (no composite index, or refused): every comment is listened to instead. */
    unpaged(postId: string): Promise<void> {
      return open?.postId === postId ? open.unpage() : Promise.resolve()
    },
    stop(): void {
      open?.stop()
      open = null
    }
  }
}

export type OpenPost = ReturnType<typeof createOpenPost>
