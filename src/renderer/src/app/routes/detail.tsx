import { useParams } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import { usePost } from '@/features/posts/api/get-post'
import { PostDetail } from '@/features/posts/components/PostDetail'
import { LikeButton } from '@/features/likes/components/LikeButton'
import { CommentSection } from '@/features/comments/components/CommentSection'
import { usePageTitle } from '@/shared/lib/page-title'

export function DetailRoute() {
  const { postId = '' } = useParams()
  // The same query PostDetail shows (one cache entry): the title names whose post it is.
  const post = usePost(postId)
  usePageTitle(post.data ? format.postHeading(post.data.author.nickname) : post.isError ? messages.notFound : null)
  return (
    <PostDetail
      key={postId}
      postId={postId}
      renderActions={(post) => <LikeButton post={post} />}
      renderComments={(post) => <CommentSection postId={post.id} />}
    />
  )
}
