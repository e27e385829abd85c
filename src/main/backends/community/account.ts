import { limits } from '@shared/limits'
import type { SessionView } from '@shared/types'
import { AppError } from '../../errors'
import { postPhotoName, type ExportedData, type ExportPhoto } from '../../core/exported-data'
import { commentFromDoc, postFromDoc } from '../../firebase/mapping'
import { FirebasePortError, ownDocsMax } from '../../firebase/ports'
import type { CommunityAuth } from './auth'
import type { CommunityContext } from './context'
import type { CommunityDeletion } from './deletion'
import { openReport } from './moderation'
import { appErrorOf } from './remote-call'

/** Offline, the community's data cannot be read whole: said so, not as a generic failure. */
function exportError(error: unknown): unknown {
  if (error instanceof FirebasePortError && error.reason === 'offline') return new AppError('exportOffline')
  if (error instanceof AppError && error.code === 'offlineWrite') return new AppError('exportOffline')
  return appErrorOf(error, 'read')
}

/**
 * The person's account and data in a community. The mirror holds only what was shown, so the
 * posts, comments and likes are read from the server: three queries of the person's own
 * documents (at most ownDocsMax each, docs/firebase.md "Reads"), one of the reports they made and
 * one of their saves (at most limits.savedMax, decision 038), then each post photo from Storage as the archive is written, one at a time. The alerts and
 * removal notices are the mirror's: their listeners keep all of them.
 */
export function createCommunityAccount(ctx: CommunityContext, auth: CommunityAuth, deletion: CommunityDeletion) {
  const { ports, store } = ctx

  /** The password proves it is the person: Firebase signs them in afresh, as deleting the account asks. */
  async function prove(password: string, email: string): Promise<void> {
    if (password.length === 0) throw new AppError('currentPasswordRequired', 'password')
    try {
      if (ports.auth.current()) await ports.auth.reauthenticate(password)
      else await ports.auth.signIn(email, password)
    } catch (error) {
      if (error instanceof FirebasePortError && error.reason === 'invalid-credentials') throw new AppError('currentPasswordWrong', 'password')
      throw appErrorOf(error, 'write')
    }
  }

  /** The steps run now; one that fails (the network) leaves the journal, and the session says it is finishing. */
  async function carryOn(work: Promise<void>): Promise<SessionView> {
    await work.catch((error: unknown) => console.warn('[community] account deletion paused:', error instanceof Error ? error.message : error))
    return auth.session()
  }

  return {
    resume: () => deletion.resume(),

    /**
     * 회원 탈퇴 (decision 027). With a deletion of this copy waiting for the password again, that
     * one goes on; otherwise the signed-in person's starts, once the password is proven.
     */
    async remove(userId: string | null, password: string): Promise<SessionView> {
      const pending = deletion.state() ? store.deletions.pending().find((row) => row.remoteUid !== null) : undefined
      if (pending) {
        await prove(password, pending.email)
        return carryOn(deletion.resume())
      }
      if (!userId) throw new AppError('loginRequired')
      const me = await auth.author(userId)
      await prove(password, me.email)
      auth.leave()
      return carryOn(deletion.start({ userId, uid: me.uid, email: me.email }))
    },

    async exportData(userId: string): Promise<ExportedData> {
      try {
        const me = await auth.author(userId)
        const [posts, comments, liked, reported, saved] = await Promise.all([
          ports.docs.allPostsBy(me.uid, ownDocsMax),
          ports.docs.commentsBy(me.email, ownDocsMax),
          ports.docs.postsLikedBy(me.email, ownDocsMax),
          ports.docs.reportsBy(me.uid, ownDocsMax),
          // The server's list (saves made on another computer too), not the mirror's copy of it.
          ports.saved.list(me.uid)
        ])
        const photos: ExportPhoto[] = []
        const photo = (url: string, name: string): string | null => {
          if (!url) return null
          const file = `photos/${name}`
          photos.push({
            file,
            // A photo gone from Storage is left out; losing the network stops the export.
            open: () =>
              ports.files.download(url, limits.imageMaxBytes).then(
                (bytes) => Buffer.from(bytes),
                (error: unknown) => (error instanceof FirebasePortError && error.reason === 'not-found' ? null : Promise.reject(exportError(error)))
              )
          })
          return file
        }
        const now = ctx.now()
        const oldestFirst = <T extends { createdAt: number }>(list: T[]) => list.sort((x, y) => x.createdAt - y.createdAt)
        const user = store.users.get(userId)
        return {
          account: { email: me.email, nickname: me.nickname, joinedAt: user?.createdAt ?? null, community: ports.config.projectId, photo: photo(me.avatarUrl, 'profile') },
          // Another client chose these posts' ids (`CON`, `../x`, bidi marks): their photos are named by their place in the export instead.
          posts: oldestFirst(posts.map((doc) => postFromDoc(doc, now))).map((post, n) => ({
            id: post.id, text: post.text, layout: post.layout, createdAt: post.createdAt, updatedAt: null, likeCount: post.likedBy.length,
            commentCount: store.posts.counts(post.id)?.commentCount ?? 0,
            photos: post.photos.map((item, i) => ({ file: photo(item.url, postPhotoName(String(n + 1), i)), alt: item.alt }))
          })),
          comments: oldestFirst(comments.map((doc) => {
            const comment = commentFromDoc(doc)
            return { id: comment.id, postId: comment.postId, text: comment.text, createdAt: comment.createdAt ?? now }
          })),
          likes: liked.map((doc) => {
            const post = postFromDoc(doc, now)
            return { postId: post.id, likedAt: null, authorNickname: post.author.nickname, postText: post.text }
          }),
          saved: saved.map((entry) => ({ postId: entry.postId, savedAt: entry.at })),
          alerts: store.account.alerts(userId).map(({ type, postId, actorNickname, createdAt, seen }) => ({ type, postId, actorNickname, createdAt, seen })),
          reports: oldestFirst(reported.flatMap(openReport).map(({ kind, reason, note, createdAt }) => ({ kind, reason, note, createdAt }))),
          // The mirror's copy, which the notices listener keeps (notices.ts).
          notices: store.moderation.notices(userId).map(({ kind, excerpt, reason, createdAt }) => ({ kind, excerpt, reason, createdAt })),
          photos
        }
      } catch (error) {
        throw exportError(error)
      }
    }
  }
}
