import type { Readable } from 'node:stream'
import type { ReportReason, ReportTarget } from '@shared/limits'

/** A photo in the archive, opened only when its turn comes, so one photo at a time is in memory. */
export interface ExportPhoto {
  /** Its name in the archive, e.g. photos/post-<key>.webp: only names Magpie made. */
  file: string
  /** Null when the photo is gone (a file removed by hand): the archive goes on without it. */
  open(): Promise<Readable | Buffer | null>
}

/** One photo of an exported post: where it is in the archive, and its 사진 설명 ('' for none). */
export interface ExportedPhoto {
  file: string | null
  alt: string
}

/**
 * A post photo's name in the archive: the cover post-<key>, the others numbered (post-<key>-2, …).
 * The key is Magpie's own: a local post's id, or a community post's place in the export (its id was another client's choice).
 */
export const postPhotoName = (key: string, index: number): string => (index === 0 ? `post-${key}` : `post-${key}-${index + 1}`)

/**
 * What 내 데이터 내려받기 holds (decision 027): the person's own account, posts, comments, likes,
 * saves (decision 038: which posts, and when) and alerts, the reports they made (what kind of writing, why; not whose) and the removal
 * notices they received (decision 030). Other people appear by nickname only: never another
 * person's email.
 */
export interface ExportedData {
  account: { email: string; nickname: string; joinedAt: number | null; community: string | null; photo: string | null }
  /** photos: each post's photos in order (decision 031), its file in the archive (null: not available) and its 사진 설명. */
  posts: { id: string; text: string; layout: string; createdAt: number; updatedAt: number | null; likeCount: number; commentCount: number; photos: ExportedPhoto[] }[]
  comments: { id: string; postId: string; text: string; createdAt: number }[]
  likes: { postId: string; likedAt: number | null; authorNickname: string; postText: string }[]
  /** 저장한 글: the post ids saved here, last saved first. */
  saved: { postId: string; savedAt: number }[]
  alerts: { type: 'like' | 'comment'; postId: string; actorNickname: string; createdAt: number; seen: boolean }[]
  reports: { kind: ReportTarget; reason: ReportReason; note: string; createdAt: number }[]
  notices: { kind: ReportTarget; excerpt: string; reason: string; createdAt: number }[]
  photos: ExportPhoto[]
}
