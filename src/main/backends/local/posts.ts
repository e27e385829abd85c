import { limits } from '@shared/limits'
import type { FeedMatches, FeedPage, PostView } from '@shared/types'
import { AppError } from '../../errors'
import { decodeCursor, keysetPage } from '../../store/keyset'
import type { PendingImage } from '../../store/images-store'
import type { ServiceContext } from '../../core/context'
import type { LocalImages } from './images'
import type { Views } from '../../core/mappers'
import { checkDraft, type PostDraft } from '../../core/post-rules'
import type { Remover } from '../../core/services'

export function createLocalPosts(ctx: ServiceContext, views: Views, images: LocalImages) {
  const { store } = ctx

  /** The post's author, or the message that stops anyone else. */
  function requireAuthor(postId: string, userId: string | null): { imageId: string } {
    if (!userId) throw new AppError('onlyAuthorEdit')
    const owner = store.posts.ownership(postId)
    if (!owner) throw new AppError('notFound')
    if (owner.authorId !== userId) throw new AppError('onlyAuthorEdit')
    return { imageId: owner.imageId }
  }

  function existing(postId: string): { imageId: string } {
    const owner = store.posts.ownership(postId)
    if (!owner) throw new AppError('notFound')
    return { imageId: owner.imageId }
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

    async create(userId: string | null, uploadId: string | null | undefined, draft: PostDraft): Promise<PostView> {
      if (!userId) throw new AppError('loginFirstWrite')
      const clean = checkDraft(draft)
      if (!uploadId) throw new AppError('postImageRequired', 'image')
      const id = ctx.newId()
      return store.transaction(() => {
        const image = images.claim(uploadId, userId, 'post')
        store.posts.insert({ id, authorId: userId, text: clean.text, layout: clean.layout, imageId: image.id, createdAt: ctx.now() })
        return view(id, userId)
      })
    },

    async update(userId: string | null, postId: string, uploadId: string | null | undefined, draft: PostDraft): Promise<PostView> {
      requireAuthor(postId, userId)
      const clean = checkDraft(draft)
      let replaced: PendingImage | null = null
      const updated = await store.transaction(() => {
        const { imageId } = requireAuthor(postId, userId)
        const newImageId = uploadId && uploadId !== imageId ? images.claim(uploadId, userId!, 'post').id : imageId
        store.posts.update({ id: postId, text: clean.text, layout: clean.layout, imageId: newImageId, updatedAt: ctx.now() })
        if (newImageId !== imageId) {
          replaced = store.images.get(imageId)
          store.images.remove(imageId)
        }
        return view(postId, userId)
      })
      // Files go only after the commit: a failed save never loses the photo still in use.
      if (replaced) await images.discardFiles([replaced])
      return updated
    },

    /**
     * Removes the post with its comments, likes and alerts (one transaction), then its image files.
     * `as` 'moderator': the moderation service checked the caller is one (decision 030), so the
     * post need not be theirs.
     */
    async remove(userId: string | null, postId: string, as: Remover = 'author'): Promise<{ id: string }> {
      const allowed = (): { imageId: string } => (as === 'moderator' ? existing(postId) : requireAuthor(postId, userId))
      allowed()
      const image = await store.transaction(() => {
        const { imageId } = allowed()
        const record = store.images.get(imageId)
        store.posts.remove(postId)
        store.images.remove(imageId)
        return record
      })
      if (image) await images.discardFiles([image])
      return { id: postId }
    }
  }
}

export type LocalPosts = ReturnType<typeof createLocalPosts>
