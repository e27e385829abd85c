import { limits } from '@shared/limits'
import type { LikerList } from '@shared/types'
import { AppError } from '../errors'
import type { Store } from '../store'
import type { Views } from './mappers'

/**
 * "좋아요 N개": who liked a post, read from the store in either backend (community mode's mirror
 * holds each like as the person its likedBy email names, the email staying in main). Anyone may
 * look, as anyone sees the count.
 */
export function listLikers(store: Store, views: Views, postId: string): LikerList {
  const counts = store.posts.counts(postId)
  if (!counts) throw new AppError('notFound')
  return { likers: store.likes.likers(postId, limits.likersShown).map(views.liker), count: counts.likeCount }
}
