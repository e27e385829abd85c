import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { SessionView } from '@shared/types'
import { AppError } from '../../errors'
import type { ServiceContext } from '../../core/context'
import { removeImageFiles } from '../../media/media-files'
import type { LocalAuth } from './auth'
import { postPhotoName, type ExportedData, type ExportPhoto } from '../../core/exported-data'
import type { ImageRecord } from '../../store/images-store'

/** The photo as stored: its largest variant (the store keeps no original, decision 018). */
const largest = (image: ImageRecord) => image.variants.reduce<ImageRecord['variants'][number] | null>((best, v) => (!best || v.width > best.width ? v : best), null)

/** The person's account and data in local mode: all of it in the store and the images folder, so it works offline. */
export function createLocalAccount(ctx: ServiceContext, auth: LocalAuth) {
  const { store, imagesDir } = ctx

  /** 회원 탈퇴's last step, for every journal row: the photo files, then the row. Run again, it does no harm. */
  async function resume(): Promise<void> {
    for (const deletion of store.deletions.pending()) {
      await removeImageFiles(imagesDir, deletion.files)
      await store.transaction(() => store.deletions.finish(deletion.userId))
    }
  }

  return {
    resume,

    /** The account is gone once auth's transaction commits; a failure after it is finished at the next start. */
    async remove(userId: string | null, password: string): Promise<SessionView> {
      await auth.deleteAccount(userId, password)
      await resume().catch((error: unknown) => console.warn('[account] deletion left for the next start:', error))
      return { user: null }
    },

    async exportData(userId: string): Promise<ExportedData> {
      const user = store.users.get(userId)
      if (!user) throw new AppError('loginRequired')
      const photos: ExportPhoto[] = []
      const photo = (image: ImageRecord | null, name: string): string | null => {
        const variant = image && largest(image)
        if (!variant) return null
        const file = `photos/${name}.webp`
        photos.push({ file, open: () => readFile(join(imagesDir, variant.file)).catch(() => null) })
        return file
      }
      const posts = store.account.posts(userId).map((p) => ({
        id: p.id,
        text: p.text,
        layout: p.layout,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        likeCount: p.likeCount,
        commentCount: p.commentCount,
        photos: p.photos.map((item, i) => ({ file: photo(item.image, postPhotoName(p.id, i)), alt: item.alt }))
      }))
      return {
        account: { email: user.email, nickname: user.nickname, joinedAt: user.createdAt, community: null, photo: photo(user.avatar, 'profile') },
        posts,
        comments: store.account.comments(userId),
        likes: store.account.likes(userId),
        saved: store.saved.entries(userId),
        alerts: store.account.alerts(userId).map(({ type, postId, actorNickname, createdAt, seen }) => ({ type, postId, actorNickname, createdAt, seen })),
        reports: store.moderation.reportsBy(userId).map(({ kind, reason, note, createdAt }) => ({ kind, reason, note, createdAt })),
        notices: store.moderation.notices(userId).map(({ kind, excerpt, reason, createdAt }) => ({ kind, excerpt, reason, createdAt })),
        photos
      }
    }
  }
}

export type LocalAccount = ReturnType<typeof createLocalAccount>
