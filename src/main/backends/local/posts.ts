import { limits } from '@shared/limits'
import type { FeedMatches, FeedPage, PhotoRules, PostView } from '@shared/types'
import { AppError } from '../../errors'
import { decodeCursor, keysetPage } from '../../store/keyset'
import type { PendingImage } from '../../store/images-store'
import type { StoredPhoto } from '../../store/posts-store'
import type { ServiceContext } from '../../core/context'
import type { LocalImages } from './images'
import type { Views } from '../../core/mappers'
import { checkDraft, checkPhotos, type PhotoInput, type PostDraft } from '../../core/post-rules'
import type { Remover } from '../../core/services'
import type { NewPhoto } from '@shared/ipc/contract'

export function createLocalPosts(ctx: ServiceContext, views: Views, images: LocalImages) {
  const { store } = ctx

  /** The post's author, or the message that stops anyone else; answers the post's photos' image ids. */
  function requireAuthor(postId: string, userId: string | null): { photos: StoredPhoto[] } {
    if (!userId) throw new AppError('onlyAuthorEdit')
    const owner = store.posts.ownership(postId)
    if (!owner) throw new AppError('notFound')
    if (owner.authorId !== userId) throw new AppError('onlyAuthorEdit')
    return { photos: owner.photos }
  }

  /** An edit's photo: one the post has (never another post's), or an upload of the author's, claimed. */
  function keptOrClaimed(photo: PhotoInput, current: readonly StoredPhoto[], userId: string): string {
    if ('uploadId' in photo) return images.claim(photo.uploadId, userId, 'post').id
    if (!current.some((kept) => kept.imageId === photo.imageId)) throw new AppError('imageExpired', 'image')
    return photo.imageId
  }

  /** Inside the transaction: the rows of the post's former photos no longer among `kept`, removed; their files are the caller's to discard after the commit. */
  function removeUnused(former: readonly StoredPhoto[], kept: readonly StoredPhoto[]): PendingImage[] {
    const gone = former.map((photo) => photo.imageId).filter((imageId) => !kept.some((photo) => photo.imageId === imageId))
    const records = gone.map((imageId) => store.images.get(imageId)).filter((record): record is PendingImage => record !== null)
    for (const imageId of gone) store.images.remove(imageId)
    return records
  }

  function existing(postId: string): { photos: StoredPhoto[] } {
    const owner = store.posts.ownership(postId)
    if (!owner) throw new AppError('notFound')
    return { photos: owner.photos }
  }

  function view(postId: string, viewer: string | null): PostView {
    const post = store.posts.get(postId, viewer)
    if (!post) throw new AppError('notFound')
    // Someone the viewer blocked or muted: their post is not shown, by link or notification either.
    if (store.posts.hiddenFrom(postId, viewer)) throw new AppError('postHidden')
    return views.post(post, viewer)
  }

  return {
    feed(viewer: string | null, cursor: string | null | undefined, limit: number = limits.feedPageSize): FeedPage {
      const size = Math.min(Math.max(1, Math.floor(limit)), limits.feedPageMax)
      const { page, nextCursor } = keysetPage(store.posts.page(viewer, decodeCursor(cursor), size + 1), size)
      return { posts: page.map((post) => views.post(post, viewer)), nextCursor }
    },

    /**
     * Find over the posts the reader has read (the feed's find bar): the places of those whose
     * text or author's nickname contains the query, ignoring case. Main looks, not the renderer,
     * so the window keeps no text of the cards it dropped, however deep the reader went.
     */
    find(viewer: string | null, query: string, through: string | null | undefined): FeedMatches {
      const needle = query.trim().toLocaleLowerCase()
      const positions: number[] = []
      if (!needle) return { positions }
      let position = 0
      for (const post of store.posts.words(viewer, decodeCursor(through))) {
        if (post.text.toLocaleLowerCase().includes(needle) || post.nickname.toLocaleLowerCase().includes(needle)) positions.push(position)
        position++
      }
      return { positions }
    },

    get: view,

    async create(userId: string | null, photos: readonly NewPhoto[], draft: PostDraft): Promise<PostView> {
      if (!userId) throw new AppError('loginFirstWrite')
      const clean = checkDraft(draft)
      const list = checkPhotos(photos, false)
      const id = ctx.newId()
      return store.transaction(() => {
        const stored = list.map((photo) => ({ imageId: images.claim(photo.uploadId, userId, 'post').id, alt: photo.alt }))
        store.posts.insert({ id, authorId: userId, text: clean.text, layout: clean.layout, photos: stored, createdAt: ctx.now() })
        return view(id, userId)
      })
    },

    /** photos undefined: the post keeps its photos as they are. */
    async update(userId: string | null, postId: string, photos: readonly PhotoInput[] | undefined, draft: PostDraft): Promise<PostView> {
      requireAuthor(postId, userId)
      const clean = checkDraft(draft)
      const list = photos && checkPhotos(photos, false)
      let dropped: PendingImage[] = []
      const updated = await store.transaction(() => {
        const current = requireAuthor(postId, userId).photos
        const stored = list ? list.map((photo) => ({ imageId: keptOrClaimed(photo, current, userId!), alt: photo.alt })) : current
        store.posts.update({ id: postId, text: clean.text, layout: clean.layout, photos: stored, updatedAt: ctx.now() })
        dropped = removeUnused(current, stored)
        return view(postId, userId)
      })
      // Files go only after the commit: a failed save never loses a photo still in use.
      await images.discardFiles(dropped)
      return updated
    },

    /**
     * Removes the post with its photos, comments, likes and alerts (one transaction), then the
     * photos' files. `as` 'moderator': the moderation service checked the caller is one (decision
     * 030), so the post need not be theirs.
     */
    async remove(userId: string | null, postId: string, as: Remover = 'author'): Promise<{ id: string }> {
      const allowed = (): { photos: StoredPhoto[] } => (as === 'moderator' ? existing(postId) : requireAuthor(postId, userId))
      allowed()
      const dropped = await store.transaction(() => {
        const { photos } = allowed()
        store.posts.remove(postId)
        return removeUnused(photos, [])
      })
      await images.discardFiles(dropped)
      return { id: postId }
    },

    /** Local mode asks for no 사진 설명: there is no operator to set it (decision 031). */
    photoRules(): PhotoRules {
      return { requireAltText: false }
    }
  }
}

export type LocalPosts = ReturnType<typeof createLocalPosts>
