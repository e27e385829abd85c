import { AppError } from '../../errors'
import { removeImageFiles } from '../../media/media-files'
import type { Keyset } from '../../store/keyset'
import type { PostRemote } from '../../store/mirror/mirror-store'
import { alertsFromTree, commentFromDoc, postFromDoc, type MirrorComment, type RemotePerson } from '../../firebase/mapping'
import type { CommentDoc, ControlEntry, PostDoc, Snapshot } from '../../firebase/ports'
import type { CommunityContext } from './context'
import type { ImageCache } from './image-cache'
import { createAccountLookups } from './account-lookups'
import { createAlertBacking } from './alert-backing'
import { controlsFromEntries } from './control-entries'
import { remote } from './remote-call'

/** A minute: the precision of the web app's comment_time. */
const minuteMs = 60_000

/** The earliest date a web app post may be placed by (before any community of this kind). */
export const plausibleSinceMs = Date.UTC(2010, 0, 1)
/** How far a commenter's date may lie before its post's: the two writers' zones, UTC−12 and UTC+14. */
const zonesApartMs = 26 * 60 * 60 * 1000

/**
 * A web app date is text any client writes: "9999. 12. 31." would pin a post (or a comment) above
 * every other for good, "1970. 1. 1." sink it under them — or lead a post's comments. It is its
 * writer's wall clock, read here as this computer's, so it may lie up to 26 hours (UTC+14 against
 * UTC−12) after when this copy first saw it. A date that cannot be true (later than that, or
 * earlier than `earliest`) is replaced by when this copy first saw it.
 */
const plausible = (dated: number, earliest: number, firstSeen: number): number => (dated >= earliest && dated <= firstSeen + zonesApartMs ? dated : firstSeen)

/**
 * Writes Firebase documents into the mirror through the pure mapping (firebase/mapping.ts),
 * one transaction per snapshot, then publishes what changed (events, notifications, badge).
 * Image files of rows that go are removed after the commit, as the local services do.
 */
export function createMirrorWriter(ctx: CommunityContext, images: ImageCache) {
  const { store, mirror } = ctx
  /**
   * What this app wrote and no snapshot has shown yet: a snapshot taken just before the write
   * may still be on its way, and must not take the new post or comment away again.
   */
  const written = { posts: new Set<string>(), comments: new Set<string>() }
  /**
   * Posts this app saved to Firebase whose own mirror write then failed: put from the saved
   * document with the next mirror write of posts (a snapshot, a page, a feed read), so the post
   * shows even if its listener's snapshot failed too. A snapshot of the post replaces it.
   */
  const unmirrored = new Map<string, Snapshot<PostDoc>>()
  /** Alerts this app removed: a snapshot from before the removal must not bring them back (and announce them). */
  const removedAlerts = new Set<string>()
  /**
   * Like alerts hidden as repeats of a shown one (same post, same nickname), by the shown
   * alert's key. Only hidden, never removed from the database: nicknames are not unique, so
   * a "repeat" may be someone else's — until the user deletes the one they were shown.
   */
  let repeats = new Map<string, string[]>()
  const backing = createAlertBacking(ctx)
  const lookups = createAccountLookups(ctx, hideLearnedAccounts)

  /**
   * A person just learned to be an account someone here hid (account-lookups.ts): the alerts
   * they raised before go, from the mirror and from the owner's list in the database, as a new
   * block's or mute's do (blocks.ts).
   */
  async function hideLearnedAccounts(): Promise<void> {
    const found = await store.transaction(() => {
      const alerts = store.controls.alertsFromHiddenAccounts()
      store.alerts.removeMany(alerts.map((a) => a.id))
      return alerts
    })
    for (const { id } of found) removedAlerts.add(id)
    ctx.published()
    for (const { ownerId, id } of found) {
      const ownerUid = store.users.person(ownerId)?.remoteUid
      if (ownerUid) await ctx.ports.alerts.remove(ownerUid, id).catch((error: unknown) => console.warn('[community] hidden alert:', error))
    }
  }

  /**
   * The mirror's person for someone the documents name. People are keyed by login email;
   * a document without one (junk, or written by hand) gets a stand-in keyed by uid or by
   * the document, under a reserved domain nobody can sign in with.
   */
  function personOf(remote: RemotePerson, documentKey: string, withAvatar: boolean): string {
    const email = remote.email.includes('@') ? remote.email : `${remote.uid ?? documentKey}@unknown.invalid`
    const avatarId = withAvatar ? (remote.avatarUrl ? mirror.remoteImage(remote.avatarUrl, 'profile', ctx.newId, ctx.now()) : null) : undefined
    return mirror.person({ email, uid: remote.uid, nickname: remote.nickname, avatarId }, ctx.newId, ctx.now())
  }

  /**
   * When a web app post (no createdAt) is placed: its postDate has minute precision, so a post
   * first mirrored within its own minute (its day's listener, live) takes the time it came, as
   * comments do, and keeps it: it shows above the Magpie posts written earlier in that minute.
   */
  function webPostTime(written: number, known: number | null, now: number): number {
    const dated = plausible(written, plausibleSinceMs, known ?? now)
    if (known !== null) return known >= dated && known - dated < minuteMs ? known : dated
    return now >= dated && now - dated < minuteMs ? now : dated
  }

  /** Inside a transaction: one post document into the mirror; returns the images it shows and those it no longer shows. */
  function putPost(snapshot: Snapshot<PostDoc>, now: number): { images: (string | null)[]; dropped: string[] } {
    const existing = mirror.postRemote(snapshot.id)
    const post = postFromDoc(snapshot, existing?.createdAt ?? now)
    if (!post.ordered) post.createdAt = webPostTime(post.createdAt, existing?.createdAt ?? null, now)
    const authorId = personOf(post.author, `post-${post.id}`, true)
    const photos = post.photos.map((photo) => ({ imageId: mirror.remoteImage(photo.url, 'post', ctx.newId, now), alt: photo.alt }))
    const imageId = photos[0]!.imageId
    const isNew = mirror.upsertPost(
      { id: post.id, authorId, authorUid: post.author.uid, text: post.text, layout: post.layout, imageId, createdAt: post.createdAt, ordered: post.ordered, postDate: post.postDate },
      now
    )
    const before = isNew ? [] : (existing?.photos ?? [])
    const samePhotos = before.length === photos.length && before.every((photo, i) => photo.imageId === photos[i]!.imageId && photo.alt === photos[i]!.alt)
    if (isNew || !samePhotos) {
      store.posts.setPhotos(post.id, photos)
      // Only the photos after the cover, or a 사진 설명, changed: the post row's own update did not mark it.
      if (!isNew && existing?.imageId === imageId) mirror.markPostEdited(post.id, now)
    }
    mirror.setLikers(
      post.id,
      post.likedBy.map((email) => mirror.person({ email }, ctx.newId, now)),
      now
    )
    const avatarId = store.users.get(authorId)?.avatar?.id ?? null
    const shown = photos.map((photo) => photo.imageId)
    mirror.touchImages([...shown, ...(avatarId ? [avatarId] : [])], now)
    return { images: [...shown, avatarId], dropped: before.map((photo) => photo.imageId).filter((id) => !shown.includes(id)) }
  }

  /** Inside a transaction: the post and what hangs on it go; returns the image files to remove. */
  function dropPost(postId: string): string[] {
    const existing = mirror.postRemote(postId)
    if (!existing) return []
    store.posts.remove(postId)
    return existing.photos.flatMap((photo) => mirror.dropImageIfUnused(photo.imageId)?.files ?? [])
  }

  async function afterCommit(result: { images: (string | null)[]; files: string[] }): Promise<void> {
    ctx.published()
    lookups.learn()
    images.want(result.images)
    await removeImageFiles(ctx.imagesDir, result.files)
  }

  /**
   * Posts from a query or listener. `range` says which part of the server's ordered feed
   * the documents are all of (newest `upper`, exclusive, down to `lower`, inclusive; null
   * ends are open): ordered posts mirrored there that are not among them were deleted.
   */
  async function posts(docs: Snapshot<PostDoc>[], range?: { upper: Keyset | null; lower: Keyset | null }): Promise<void> {
    const now = ctx.now()
    const saved = [...unmirrored.values()].filter((doc) => !docs.some((d) => d.id === doc.id))
    const result = await store.transaction(() => {
      const shown: (string | null)[] = []
      const files: string[] = []
      // Still written: a snapshot from before the save must not take them away again.
      for (const doc of saved) if (!mirror.postRemote(doc.id)) shown.push(...putPost(doc, now).images)
      for (const doc of docs) {
        written.posts.delete(doc.id)
        const put = putPost(doc, now)
        shown.push(...put.images)
        for (const dropped of put.dropped) files.push(...(mirror.dropImageIfUnused(dropped)?.files ?? []))
      }
      if (range) {
        const present = new Set(docs.map((d) => d.id))
        for (const id of mirror.orderedPostIds(range.upper, range.lower)) if (!present.has(id) && !written.posts.has(id)) files.push(...dropPost(id))
      }
      return { images: shown, files }
    })
    for (const doc of [...saved, ...docs]) unmirrored.delete(doc.id)
    await afterCommit(result)
  }

  /** One post's document, or its absence (deleted on the server). */
  async function post(postId: string, doc: Snapshot<PostDoc> | null): Promise<void> {
    if (doc) return posts([doc])
    const files = await store.transaction(() => dropPost(postId))
    await afterCommit({ images: [], files })
  }

  /** The post, fetched from Firebase into the mirror when it is not there yet; notFound when the server has none. */
  async function mirroredPost(postId: string): Promise<PostRemote> {
    const known = mirror.postRemote(postId)
    if (known) return known
    const doc = await remote('read', () => ctx.ports.docs.getPost(postId))
    if (!doc) throw new AppError('notFound')
    await posts([doc])
    const fetched = mirror.postRemote(postId)
    if (!fetched) throw new AppError('notFound')
    return fetched
  }

  /**
   * When a comment is first mirrored: its stored time if it has one; else comment_time,
   * which has minute precision, so a comment of this very minute takes the arrival time
   * and comments written a second apart keep their order.
   */
  function commentTime(id: string, postId: string, written: number | null, now: number): number {
    const known = mirror.commentCreatedAt(id)
    if (known !== null) return known
    if (written === null) return now
    // Not before its post (as this computer's clock can tell: a post timed ahead of it counts from now).
    const posted = Math.min(mirror.postRemote(postId)?.createdAt ?? 0, now)
    const dated = plausible(written, Math.max(plausibleSinceMs, posted - zonesApartMs), now)
    return now >= dated && now - dated < minuteMs ? now : dated
  }

  /** Inside a transaction: one comment of a mirrored post into the mirror. */
  function putComment(comment: MirrorComment, now: number): void {
    written.comments.delete(comment.id)
    const authorId = personOf(comment.author, `comment-${comment.id}`, false)
    mirror.upsertComment({ id: comment.id, postId: comment.postId, authorId, text: comment.text, createdAt: commentTime(comment.id, comment.postId, comment.createdAt, now) })
  }

  return {
    posts,
    post,
    mirroredPost,

    /** A member removed from a members-only community keeps only their own writing here (decision 045). */
    async keepOnly(userId: string): Promise<void> {
      const files = await store.transaction(() => {
        for (const id of mirror.commentIdsNotBy(userId)) mirror.removeComment(id)
        return mirror.postIdsNotBy(userId).flatMap((id) => dropPost(id))
      })
      await afterCommit({ images: [], files })
    },

    /** A post or comment this app just wrote to Firebase and into the mirror. */
    wrote(kind: 'post' | 'comment', id: string): void {
      written[kind === 'post' ? 'posts' : 'comments'].add(id)
    },

    /** A post this app saved to Firebase that its mirror write could not take (see unmirrored). */
    unmirrored(doc: Snapshot<PostDoc>): void {
      written.posts.add(doc.id)
      unmirrored.set(doc.id, doc)
    },

    /** Puts the saved posts the mirror is missing (a feed read asks before reading the mirror). */
    async flush(): Promise<void> {
      if (unmirrored.size > 0) await posts([])
    },

    /** The member's block and mute lists as Firestore holds them (read as their alerts are first followed). */
    async controls(userId: string, entries: ControlEntry[]): Promise<void> {
      const now = ctx.now()
      await store.transaction(() => {
        const ids = new Map(store.controls.list(userId).map((e) => [e.personKey, e.id]))
        store.controls.replace(
          userId,
          controlsFromEntries(entries).map((c) => ({ ...c, id: ids.get(c.personKey) ?? ctx.newId(), ownerId: userId, createdAt: now }))
        )
      })
      ctx.published()
      lookups.learn()
    },

    /** Alerts this app just removed from the database. */
    removedAlerts(ids: string[]): void {
      for (const id of ids) removedAlerts.add(id)
    },

    /** The like alerts hidden behind this shown one (see repeats). */
    repeatsOf(id: string): string[] {
      return repeats.get(id) ?? []
    },

    /** Web app posts found by the legacy scan; `complete`: the scan saw every document, so unseen ones are gone. */
    async legacyPosts(docs: Snapshot<PostDoc>[], complete: boolean, seen: Set<string>): Promise<void> {
      await posts(docs)
      if (!complete) return
      const files = await store.transaction(() => mirror.legacyPostIds().filter((id) => !seen.has(id)).flatMap(dropPost))
      await afterCommit({ images: [], files })
    },

    /** Every comment of one post (a listener's snapshot or the query): the mirror keeps exactly these. */
    async comments(postId: string, docs: Snapshot<CommentDoc>[]): Promise<void> {
      const now = ctx.now()
      await store.transaction(() => {
        if (!mirror.postRemote(postId)) return
        const present = new Set<string>()
        for (const doc of docs) {
          const comment = commentFromDoc(doc, now)
          if (comment.postId !== postId) continue
          present.add(comment.id)
          putComment(comment, now)
        }
        for (const id of mirror.commentIdsOf(postId)) if (!present.has(id) && !written.comments.has(id)) mirror.removeComment(id)
        // The mirror now holds every comment of the post: they are its count, whatever was known before.
        mirror.countMirroredComments(postId, now)
      })
      ctx.published()
      lookups.learn()
    },

    /** The open post's mirrored comments were confirmed to be all of them at `at` (open-post.ts). */
    async wholeAgain(postId: string, at: number): Promise<void> {
      await store.transaction(() => mirror.countMirroredComments(postId, at))
    },

    /** A busy post read afresh a page at a time: the mirror forgets its comments and keeps the server's count. */
    async resetComments(postId: string, count: number): Promise<void> {
      const now = ctx.now()
      await store.transaction(() => {
        for (const id of mirror.commentIdsOf(postId)) mirror.removeComment(id)
        mirror.setCommentCount(postId, count, now)
      })
      ctx.published()
    },

    /** A page of a busy post's comments read on the server: already in its count, which they leave as it is. */
    async pagedComments(postId: string, docs: Snapshot<CommentDoc>[]): Promise<void> {
      const now = ctx.now()
      await store.transaction(() => {
        const before = mirror.commentsState(postId)
        if (!before) return
        for (const doc of docs) {
          const comment = commentFromDoc(doc, now)
          if (comment.postId === postId) putComment(comment, now)
        }
        mirror.setCommentCount(postId, before.count, before.countedAt ?? now)
      })
      ctx.published()
      lookups.learn()
    },

    /** Comment counts Firebase counted, for posts whose comments are not being listened to. */
    async commentCounts(counts: Record<string, number>): Promise<void> {
      const now = ctx.now()
      await store.transaction(() => {
        for (const [postId, count] of Object.entries(counts)) if (Number.isSafeInteger(count) && count >= 0) mirror.setCommentCount(postId, count, now)
      })
      ctx.published()
    },

    /**
     * Comments that came to (or, `gone`, left) a listener of the open post's comments since its
     * last snapshot (open-post.ts): those of mirrored posts join the mirror, each moving its post's
     * count by one; comments of posts not mirrored are left out.
     */
    async stampedComments(docs: Snapshot<CommentDoc>[], gone: string[]): Promise<void> {
      const now = ctx.now()
      await store.transaction(() => {
        for (const doc of docs) {
          const comment = commentFromDoc(doc, now)
          if (mirror.postRemote(comment.postId)) putComment(comment, now)
        }
        for (const id of gone) if (!written.comments.has(id)) mirror.removeComment(id)
      })
      ctx.published()
    },

    /**
     * The user's RTDB alerts (the listener's whole list): the mirror keeps exactly these.
     * An alert's post is fetched once when it is not mirrored; alerts of posts that no longer
     * exist are not shown (as local mode deletes alerts with their post). A second like
     * alert from the same person on the same post is not shown either, and is returned so
     * the owner can remove it from the database. With `silent` (the list as it was when the
     * listener started) the alerts added raise no notification. `commented`: the posts of the
     * comment alerts that are news, whose comment counts have just changed.
     */
    async alerts(userId: string, tree: unknown, options: { missingPosts: Set<string>; silent: boolean }): Promise<{ commented: string[]; unbacked: string[] }> {
      const listed = alertsFromTree(tree)
      const stillThere = new Set(listed.map((a) => a.id))
      for (const id of removedAlerts) if (!stillThere.has(id)) removedAlerts.delete(id)
      const unknown = [...new Set(listed.map((a) => a.postId))].filter((id) => !options.missingPosts.has(id) && !mirror.postRemote(id))
      for (const postId of unknown) {
        const doc = await ctx.ports.docs.getPost(postId)
        if (doc) await posts([doc])
        else options.missingPosts.add(postId)
      }
      // Alerts from someone the member blocked or muted never reach them: gone from the database
      // too, as local mode never makes them. An alert names only a nickname (decision 025).
      const fromHidden = listed.filter((a) => store.controls.hiddenNickname(userId, a.actorNickname)).map((a) => a.id)
      // Only alerts backed by the like or comment they claim are shown (alert-backing.ts).
      const { backed, unbacked } = await backing.check(
        userId,
        listed.filter((a) => !removedAlerts.has(a.id) && !fromHidden.includes(a.id)),
        async (postId) => post(postId, await ctx.ports.docs.getPost(postId))
      )
      const entries = backed
      const now = ctx.now()
      const { hidden, commented } = await store.transaction(() => {
        const hidden = new Map<string, string[]>()
        const commented = new Set<string>()
        // Gone first, so a like alert that replaced a removed one is not taken for its repeat.
        const listed = new Set(entries.map((a) => a.id))
        for (const id of mirror.alertIdsOf(userId)) if (!listed.has(id)) store.alerts.remove(id)
        for (const alert of entries) {
          if (!mirror.postRemote(alert.postId)) continue
          const actorId = mirror.personByNickname(alert.actorNickname, ctx.newId, now)
          const first = alert.type === 'like' ? mirror.likeAlertId(alert.postId, actorId) : null
          if (first && first !== alert.id) {
            hidden.set(first, [...(hidden.get(first) ?? []), alert.id])
            continue
          }
          const added = mirror.insertAlert({ id: alert.id, userId, postId: alert.postId, actorId, type: alert.type, createdAt: alert.createdAt ?? now })
          if (added && options.silent) ctx.silentAlerts.add(alert.id)
          else if (added && alert.type === 'comment') commented.add(alert.postId)
        }
        return { hidden, commented: [...commented] }
      })
      repeats = hidden
      ctx.published()
      return { commented, unbacked: [...unbacked, ...fromHidden] }
    }
  }
}

export type MirrorWriter = ReturnType<typeof createMirrorWriter>
