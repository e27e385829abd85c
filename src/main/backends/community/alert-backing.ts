import type { MirrorAlert } from '../../firebase/mapping'
import { parseWebDate } from '../../firebase/mapping'
import { personKey } from '../../store/person-key'
import type { CommunityContext } from './context'
import { createNicknameClaims } from './nickname-claims'

/** How far a comment alert's time may be from its comment's (the web app writes both at once, as the same clock reads them). */
const commentAlertBefore = 60_000
const commentAlertAfter = 10 * 60_000
/** The most likers one like alert looks up in the registry of emails (a billed read each, once per session). */
const registryLooksMax = 50

/**
 * Which of the user's alerts are backed by what they claim (issue 22, item 4; issue 31). The
 * Realtime Database rules (the web app's design) let anyone push an alert to anyone, naming any
 * nickname, so an alert is shown, counted and notified only when:
 *  - its post is mirrored and is the user's own;
 *  - a like: someone who likes the post (not the user) is that nickname's person — the mirror
 *    knows a liker by that name (a name their own email's posts or comments carry), or the
 *    nickname's holder (nicknames/{key}) is the uid the registry of emails gives one of the
 *    likers' emails (decision 043; a read per liker looked up, kept for the session). A name
 *    nobody holds (a web-app member who never used Magpie) stands for one of the likers whose
 *    name nobody knows: no more such alerts are shown for a post than it has such likers;
 *  - a comment: a comment of that nickname on that post exists written within the alert's time
 *    (a minute before to ten minutes after; an alert or comment whose time cannot be read needs
 *    the comment only) — one query (`post_id`, `comment_nick`, at most 20), kept for the session.
 * The rest are not shown, and the owner removes them from the database.
 */
export function createAlertBacking(ctx: CommunityContext) {
  const { mirror, store, ports } = ctx
  const names = createNicknameClaims(ctx)
  /** `${postId}\n${nickname}`: the times of such comments, once some were found. */
  const commentTimes = new Map<string, (number | null)[]>()
  /** Nickname → the uid holding it (null: nobody); email key → the uid the registry gives it. */
  const holders = new Map<string, string | null>()
  const owners = new Map<string, string>()

  async function hasComment(alert: MirrorAlert): Promise<boolean> {
    const key = `${alert.postId}\n${alert.actorNickname}`
    let times = commentTimes.get(key)
    if (!times) {
      times = (await ports.docs.commentTimesByNickname(alert.postId, alert.actorNickname)).map(parseWebDate)
      // A miss is asked again at the next snapshot: the comment may still be on its way.
      if (times.length > 0) commentTimes.set(key, times)
    }
    const at = alert.createdAt
    return times.some((time) => time === null || at === null || (at >= time - commentAlertBefore && at <= time + commentAlertAfter))
  }

  async function holderOf(nickname: string): Promise<string | null> {
    if (!holders.has(nickname)) holders.set(nickname, await names.holder(nickname))
    return holders.get(nickname) ?? null
  }

  /** Per post, the unheld names already standing for likers nobody knows by name (one check's). */
  async function hasLike(userId: string, alert: MirrorAlert, unnamed: Map<string, Set<string>>): Promise<boolean> {
    const likers = store.likes.likers(alert.postId, 10_000).filter((liker) => liker.id !== userId)
    if (likers.some((liker) => liker.nickname === alert.actorNickname)) return true
    const holder = await holderOf(alert.actorNickname)
    if (holder === null) {
      const taken = unnamed.get(alert.postId) ?? new Set<string>()
      unnamed.set(alert.postId, taken)
      const ok = taken.has(alert.actorNickname) || taken.size < likers.filter((liker) => liker.nickname === '').length
      if (ok) taken.add(alert.actorNickname)
      return ok
    }
    let looked = 0
    for (const liker of likers) {
      const email = store.users.get(liker.id)?.email
      if (!email) continue
      const key = personKey(email)
      let owner = owners.get(key)
      if (owner === undefined) {
        if (looked++ >= registryLooksMax) return false
        const found = await ports.docs.emailHolder(key)
        // An email with no entry yet may be claimed later: only an answer is kept.
        if (found === null) continue
        owners.set(key, (owner = found))
      }
      if (owner === holder) return true
    }
    return false
  }

  return {
    /**
     * The alerts (oldest first) split into those shown and the ids of those not backed. A like
     * whose liker the mirror does not know yet (the post's listener has not brought it) is looked
     * for again after `refresh`, which reads the post again, once per post.
     */
    async check(userId: string, alerts: MirrorAlert[], refresh: (postId: string) => Promise<void>): Promise<{ backed: MirrorAlert[]; unbacked: string[] }> {
      const backed: MirrorAlert[] = []
      const unbacked: string[] = []
      const refreshed = new Set<string>()
      const unnamed = new Map<string, Set<string>>()
      for (const alert of alerts) {
        const post = mirror.postRemote(alert.postId)
        if (!post) {
          // Its post is gone or unknown: not shown, as before; not this check's to remove.
          backed.push(alert)
          continue
        }
        let ok = post.authorId === userId
        if (ok && alert.type === 'like') {
          ok = await hasLike(userId, alert, unnamed)
          if (!ok && !refreshed.has(alert.postId)) {
            refreshed.add(alert.postId)
            await refresh(alert.postId)
            ok = await hasLike(userId, alert, unnamed)
          }
        } else if (ok) ok = await hasComment(alert)
        if (ok) backed.push(alert)
        else unbacked.push(alert.id)
      }
      return { backed, unbacked }
    }
  }
}

export type AlertBacking = ReturnType<typeof createAlertBacking>
