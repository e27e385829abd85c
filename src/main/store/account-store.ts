import type { Db } from './database'
import { imageColumns, photosByPost, type ImageRecord } from './images-store'

/** One of the person's posts, as 내 데이터 내려받기 writes it. */
export interface OwnPostRecord {
  id: string
  text: string
  layout: string
  createdAt: number
  updatedAt: number
  likeCount: number
  commentCount: number
  /** Its photos in order (decision 031), each with its 사진 설명. */
  photos: { image: ImageRecord; alt: string }[]
}

export interface OwnCommentRecord {
  id: string
  postId: string
  text: string
  createdAt: number
}

/** A post the person liked: whose it is by nickname only (never another person's email). */
export interface OwnLikeRecord {
  postId: string
  likedAt: number
  authorNickname: string
  postText: string
}

export interface OwnAlertRecord {
  id: string
  type: 'like' | 'comment'
  postId: string
  actorNickname: string
  createdAt: number
  seen: boolean
}

/**
 * Everything one person wrote or received, read whole: for 내 데이터 내려받기 and 회원 탈퇴
 * (decision 027). Each is one indexed query of that person's rows (posts_by_author,
 * comments_by_author, likes_by_user, alerts_by_user).
 */
export function createAccountStore(db: Db) {
  const posts = db.prepare(
    `SELECT p.id, p.text, p.layout, p.created_at, p.updated_at, p.like_count, p.comment_count
     FROM posts p WHERE p.author_id = ? ORDER BY p.created_at, p.id`
  )
  // Every photo of the person's posts in one statement: their posts by posts_by_author, each one's photos by post_photos' key.
  const photos = db.prepare(
    `SELECT pp.post_id, pp.position, pp.alt, ${imageColumns('i', 'i_')}
     FROM posts p JOIN post_photos pp ON pp.post_id = p.id JOIN images i ON i.id = pp.image_id
     WHERE p.author_id = ?`
  )
  const comments = db.prepare('SELECT id, post_id, text, created_at FROM comments WHERE author_id = ? ORDER BY created_at, id')
  const likes = db.prepare(
    `SELECT l.post_id, l.created_at, u.nickname AS author_nickname, p.text AS post_text
     FROM likes l JOIN posts p ON p.id = l.post_id JOIN users u ON u.id = p.author_id
     WHERE l.user_id = ? ORDER BY l.created_at, l.post_id`
  )
  const alerts = db.prepare(
    `SELECT al.id, al.type, al.post_id, al.created_at, al.seen_at, u.nickname AS actor_nickname
     FROM alerts al JOIN users u ON u.id = al.actor_id
     WHERE al.user_id = ? ORDER BY al.created_at, al.id`
  )

  const imageFiles = db.prepare('SELECT variants FROM images WHERE owner_id = ?').pluck()
  const removeUser = db.prepare('DELETE FROM users WHERE id = ?')

  return {
    /** Every photo file the person's images have (posts, profile, uploads not yet posted). */
    imageFiles(userId: string): string[] {
      return (imageFiles.all(userId) as string[]).flatMap((variants) => (JSON.parse(variants) as { file: string }[]).map((v) => v.file))
    },
    /**
     * The person and everything of theirs, in one statement: the foreign keys' cascades take their
     * sessions, posts (with the comments, likes and alerts on them), comments, likes, alerts
     * (theirs, and those they caused), and images; the triggers keep every count and the change log.
     */
    removeUser(userId: string): void {
      removeUser.run(userId)
    },
    posts(userId: string): OwnPostRecord[] {
      const byPost = photosByPost(photos.all(userId) as Record<string, unknown>[], 'i_')
      return (posts.all(userId) as Record<string, unknown>[]).map((row) => ({
        id: row.id as string,
        text: row.text as string,
        layout: row.layout as string,
        createdAt: row.created_at as number,
        updatedAt: row.updated_at as number,
        likeCount: row.like_count as number,
        commentCount: row.comment_count as number,
        photos: byPost.get(row.id as string) ?? []
      }))
    },
    comments(userId: string): OwnCommentRecord[] {
      return (comments.all(userId) as Record<string, unknown>[]).map((row) => ({
        id: row.id as string,
        postId: row.post_id as string,
        text: row.text as string,
        createdAt: row.created_at as number
      }))
    },
    likes(userId: string): OwnLikeRecord[] {
      return (likes.all(userId) as Record<string, unknown>[]).map((row) => ({
        postId: row.post_id as string,
        likedAt: row.created_at as number,
        authorNickname: row.author_nickname as string,
        postText: row.post_text as string
      }))
    },
    alerts(userId: string): OwnAlertRecord[] {
      return (alerts.all(userId) as Record<string, unknown>[]).map((row) => ({
        id: row.id as string,
        type: row.type as 'like' | 'comment',
        postId: row.post_id as string,
        actorNickname: row.actor_nickname as string,
        createdAt: row.created_at as number,
        seen: row.seen_at !== null
      }))
    }
  }
}

export type AccountStore = ReturnType<typeof createAccountStore>
