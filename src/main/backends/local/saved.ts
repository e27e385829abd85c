import { limits } from '@shared/limits'
import type { SavedPage } from '@shared/types'
import { AppError } from '../../errors'
import type { ServiceContext } from '../../core/context'
import type { Views } from '../../core/mappers'
import { decodeCursor, encodeCursor } from '../../store/keyset'

/**
 * 저장한 글 (docs/decisions/038-bookmarks.md) over a store: the local one, or a community's
 * mirror, which keeps a copy of the member's own list. A post that goes takes its saves along (the
 * store's foreign key); a hidden person's posts are left out of the page as from the feed.
 */
export function createLocalSaved(ctx: ServiceContext, views: Views) {
  const { store } = ctx

  const ids = (userId: string) => ({ ids: store.saved.ids(userId) })

  /** Inside the write's transaction: the post can be saved by this viewer (it exists here and is shown to them), and there is room. */
  function checkSave(userId: string, postId: string): void {
    if (!store.posts.get(postId, userId)) throw new AppError('notFound')
    if (store.posts.hiddenFrom(postId, userId)) throw new AppError('postHidden')
    if (store.saved.count(userId) >= limits.savedMax && !store.saved.ids(userId).includes(postId)) throw new AppError('savedTooMany')
  }

  return {
    ids,
    checkSave,

    list(userId: string, cursor: string | null | undefined): SavedPage {
      const size = limits.savedPageSize
      const rows = store.posts.savedPage(userId, decodeCursor(cursor), size + 1)
      const page = rows.slice(0, size)
      const last = page.at(-1)
      return {
        // When the person saved it, for the page (저장한 날), beside the post as the feed shows it.
        posts: page.map((post) => ({ ...views.post(post, userId), savedAt: post.savedAt })),
        nextCursor: rows.length > size && last ? encodeCursor({ at: last.savedAt, id: last.id }) : null
      }
    },

    async set(userId: string, postId: string, saved: boolean): Promise<{ ids: string[] }> {
      await store.transaction(() => {
        if (!saved) return store.saved.remove(userId, postId)
        checkSave(userId, postId)
        store.saved.add(userId, postId, ctx.now())
      })
      return ids(userId)
    }
  }
}

export type LocalSaved = ReturnType<typeof createLocalSaved>
