import type { SavedPage } from '@shared/types'
import { AppError } from '../../errors'
import type { Views } from '../../core/mappers'
import type { SavedEntry } from '../../store/saved-store'
import { createLocalSaved } from '../local/saved'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import type { MirrorWriter } from './mirror-writer'
import { bestEffort, remote } from './remote-call'

/**
 * 저장한 글 in a community (docs/decisions/038-bookmarks.md): the member's own list in
 * Firestore (users/{uid}/saved/{postId}, theirs alone by the shipped rules) is written first, then
 * its copy in the mirror, which the page reads as the local store's. The list is read from the
 * server once a run per person (saves made on another computer arrive at the next start), with the posts the mirror
 * lacks; a save whose post is gone is removed from the list.
 */
export function createCommunitySaved(ctx: CommunityContext, views: Views, auth: CommunityAuth, writer: MirrorWriter) {
  const { store, ports } = ctx
  const local = createLocalSaved(ctx, views)
  /** Whose list was read from the server in this run. */
  const read = new Map<string, Promise<void>>()

  async function readFromServer(userId: string): Promise<void> {
    const { uid } = await auth.author(userId)
    const entries = await remote('read', () => ports.saved.list(uid))
    const kept: SavedEntry[] = []
    for (const entry of entries) {
      try {
        await writer.mirroredPost(entry.postId)
        kept.push({ postId: entry.postId, savedAt: entry.at })
      } catch (error) {
        // Deleted since it was saved: it leaves the list quietly. Offline, or another failure: kept for the next read.
        if (error instanceof AppError && error.code === 'notFound') await bestEffort('gone saved post', () => ports.saved.set(uid, entry.postId, false))
        else kept.push({ postId: entry.postId, savedAt: entry.at })
      }
    }
    await store.transaction(() => store.saved.replace(userId, kept))
  }

  /** Once a run per person: the mirror's copy stands in while offline, and is what a failure leaves. */
  async function current(userId: string): Promise<void> {
    let reading = read.get(userId)
    if (!reading) {
      reading = readFromServer(userId).catch((error: unknown) => {
        read.delete(userId)
        console.warn('[community] saved posts:', error instanceof Error ? error.message : error)
      })
      read.set(userId, reading)
    }
    await reading
  }

  return {
    async ids(userId: string): Promise<{ ids: string[] }> {
      await current(userId)
      return local.ids(userId)
    },

    async list(userId: string, cursor: string | null | undefined): Promise<SavedPage> {
      await current(userId)
      return local.list(userId, cursor)
    },

    async set(userId: string, postId: string, saved: boolean): Promise<{ ids: string[] }> {
      await current(userId)
      const { uid } = await auth.author(userId)
      if (saved) {
        await writer.mirroredPost(postId)
        local.checkSave(userId, postId)
      }
      await remote('write', () => ports.saved.set(uid, postId, saved))
      await store.transaction(() => (saved ? store.saved.add(userId, postId, ctx.now()) : store.saved.remove(userId, postId)))
      ctx.published()
      return local.ids(userId)
    }
  }
}
