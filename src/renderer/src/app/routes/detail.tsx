import { useParams } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import { usePost } from '@/features/posts/api/get-post'
import { PostDetail } from '@/features/posts/components/PostDetail'
import { LikeButton } from '@/features/likes/components/LikeButton'
import { CommentSection } from '@/features/comments/components/CommentSection'
import { KeptCommentDraft } from '@/features/comments/components/KeptCommentDraft'
import { useCommentDraft } from '@/features/comments/stores/comment-drafts'
import { MutePostButton } from '@/features/settings/components/MutePostButton'
import { PhotoViewer } from '@/features/photos/components/PhotoViewer'
import { MagpieError } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { usePageTitle } from '@/shared/lib/page-title'

export function DetailRoute() {
  const { postId = '' } = useParams()
  // The same query PostDetail shows (one cache entry): the title names whose post it is.
  const post = usePost(postId)
  const user = useCurrentUser()
  // A comment being typed when the post went: kept and shown instead of "not found".
  const [draft] = useCommentDraft(postId, user?.id ?? null)
  const deleted = post.error instanceof MagpieError && post.error.code === 'notFound'
  const gone = post.isError ? (deleted && draft ? messages.postDeletedWhileTyping : messages.notFound) : null
  usePageTitle(post.data && !post.isError ? format.postHeading(post.data.author.nickname) : gone)
  return (
    <PostDetail
      key={postId}
      postId={postId}
      renderActions={(post) => <LikeButton post={post} />}
      renderComments={(post) => <CommentSection postId={post.id} />}
      renderMore={(post) => (post.mine ? <MutePostButton postId={post.id} /> : null)}
      renderGone={draft ? () => <KeptCommentDraft text={draft} /> : undefined}
      renderViewer={(photos, start, close) => <PhotoViewer photos={photos} start={start} onClose={close} />}
    />
  )
}
