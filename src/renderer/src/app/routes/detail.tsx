import { useParams } from 'react-router-dom'
import { PostDetail } from '@/features/posts/components/PostDetail'
import { LikeButton } from '@/features/likes/components/LikeButton'
import { CommentSection } from '@/features/comments/components/CommentSection'

export function DetailRoute() {
  const { postId = '' } = useParams()
  return (
    <PostDetail
      key={postId}
      postId={postId}
      renderActions={(post) => <LikeButton post={post} />}
      renderComments={(post) => <CommentSection postId={post.id} />}
    />
  )
}
