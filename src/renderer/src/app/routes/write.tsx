import { useParams } from 'react-router-dom'
import { messages } from '@shared/messages'
import { PostEditor } from '@/features/posts/components/PostEditor'
import { usePageTitle } from '@/shared/lib/page-title'

export function WriteRoute() {
  const { postId = 'new' } = useParams()
  usePageTitle(postId === 'new' ? messages.editorNew : messages.editorEdit)
  return <PostEditor key={postId} postId={postId} />
}
