import type { MirrorAlert } from '../../firebase/mapping'
import type { CommunityContext } from './context'

/**
 * Which of the user's alerts are backed by what they claim (issue 22, item 4). The Realtime
 * Database rules (the web app's design) let anyone push an alert to anyone, naming any nickname,
 * so an alert is shown, counted and notified only when:
 *  - its post is mirrored and is the user's own;
 *  - a like: the post has likes from others, and no more like alerts (one per nickname) are
 *    shown for it than it has (nicknames are all an alert carries; the likers are emails);
 *  - a comment: a comment of that nickname on that post exists — one query, `post_id` and
 *    `comment_nick` (a read; the answer is kept for the session).
 * The rest are not shown, and the owner removes them from the database.
 */
export function createAlertBacking(ctx: CommunityContext) {
  const { mirror, store, ports } = ctx
  /** `${postId}\n${nickname}`: whether such a comment was found. */
  const commented = new Map<string, boolean>()

  async function hasComment(postId: string, nickname: string): Promise<boolean> {
    const key = `${postId}\n${nickname}`
    const known = commented.get(key)
    if (known !== undefined) return known
    const found = await ports.docs.commentByNickname(postId, nickname)
    // A miss is asked again at the next snapshot: the comment may still be on its way.
    if (found) commented.set(key, true)
    return found
  }

  return {
    /**
     * The alerts (oldest first) split into those shown and the ids of those not backed. A like
     * the mirror does not know yet (the post's listener has not brought it) is looked for by
     * `refresh`, which reads the post again, once per post.
     */
    async check(userId: string, alerts: MirrorAlert[], refresh: (postId: string) => Promise<void>): Promise<{ backed: MirrorAlert[]; unbacked: string[] }> {
      const backed: MirrorAlert[] = []
      const unbacked: string[] = []
      /** Like alerts' nicknames taken per post, against its likes from others. */
      const liked = new Map<string, Set<string>>()
      const refreshed = new Set<string>()
      const likesFromOthers = (postId: string) => (store.posts.counts(postId)?.likeCount ?? 0) - (store.likes.has(postId, userId) ? 1 : 0)
      for (const alert of alerts) {
        const post = mirror.postRemote(alert.postId)
        if (!post) {
          // Its post is gone or unknown: not shown, as before; not this check's to remove.
          backed.push(alert)
          continue
        }
        let ok = post.authorId === userId
        if (ok && alert.type === 'like') {
          const nicknames = liked.get(alert.postId) ?? new Set<string>()
          liked.set(alert.postId, nicknames)
          ok = nicknames.has(alert.actorNickname) || nicknames.size < likesFromOthers(alert.postId)
          if (!ok && !refreshed.has(alert.postId)) {
            refreshed.add(alert.postId)
            await refresh(alert.postId)
            ok = nicknames.size < likesFromOthers(alert.postId)
          }
          if (ok) nicknames.add(alert.actorNickname)
        } else if (ok) ok = await hasComment(alert.postId, alert.actorNickname)
        if (ok) backed.push(alert)
        else unbacked.push(alert.id)
      }
      return { backed, unbacked }
    }
  }
}

export type AlertBacking = ReturnType<typeof createAlertBacking>
