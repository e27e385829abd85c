import type { ImageView, LikerView, PersonView, PostView, CommentView, AlertView } from '@shared/types'
import type { ImageRecord } from '../store/images-store'
import type { PostRecord } from '../store/posts-store'
import type { CommentRecord } from '../store/comments-store'
import type { AlertRecord } from '../store/alerts-store'
import type { LikerRecord } from '../store/likes-store'
import { alertSentence, type AlertGroup } from './alert-groups'
import { excerpt } from './excerpt'
import { shownNickname, type IdentityFacts } from './identity'

/**
 * Store records → what the renderer may see: media URLs instead of files, no emails, and every
 * name as core/identity.ts shows it (look-alikes marked apart).
 */
export function createViews(mediaUrl: (file: string) => string, identity: (personId: string) => IdentityFacts) {
  const image = (record: ImageRecord): ImageView => ({
    id: record.id,
    width: record.width,
    height: record.height,
    placeholder: record.placeholder,
    variants: record.variants.map((v) => ({ width: v.width, url: mediaUrl(v.file) }))
  })
  const person = (id: string, nickname: string, avatar: ImageRecord | null): PersonView => ({
    id,
    nickname: shownNickname(nickname, identity(id)),
    avatar: avatar ? image(avatar) : null
  })
  return {
    image,
    person,
    post(record: PostRecord, viewer: string | null): PostView {
      return {
        id: record.id,
        author: person(record.authorId, record.authorNickname, record.authorAvatar),
        text: record.text,
        layout: record.layout,
        photos: record.photos.map((photo) => ({ image: image(photo.image), alt: photo.alt })),
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
        edited: record.updatedAt > record.createdAt,
        likeCount: record.likeCount,
        likedByMe: record.likedByViewer,
        commentCount: record.commentCount,
        mine: viewer !== null && viewer === record.authorId
      }
    },
    /** A liker: an unknown nickname goes as null (the renderer says so), never as the email it stands for. */
    liker(record: LikerRecord): LikerView {
      return { id: record.id, nickname: record.nickname || null, avatar: record.avatar ? image(record.avatar) : null }
    },
    comment(record: CommentRecord, viewer: string | null): CommentView {
      return {
        id: record.id,
        postId: record.postId,
        author: person(record.authorId, record.authorNickname, record.authorAvatar),
        text: record.text,
        createdAt: record.createdAt,
        mine: viewer !== null && viewer === record.authorId
      }
    },
    /** A row of the list (alert-groups.ts): its newest alert, how many others, read or not. */
    alert({ head, others, seen }: AlertGroup<AlertRecord>, silenced: boolean): AlertView {
      const actor = person(head.actorId, head.actorNickname, head.actorAvatar)
      return {
        id: head.id,
        type: head.type,
        postId: head.postId,
        actor,
        others,
        postImage: head.postImage ? image(head.postImage) : null,
        createdAt: head.createdAt,
        seen,
        text: alertSentence(head.type, actor.nickname, others, null),
        postWords: excerpt(head.postText),
        commentWords: head.commentText === null ? null : excerpt(head.commentText),
        commentId: head.commentId,
        silenced
      }
    }
  }
}

export type Views = ReturnType<typeof createViews>
