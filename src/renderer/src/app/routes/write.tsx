import { useParams } from 'react-router-dom'
import { PostEditor } from '@/features/posts/components/PostEditor'

export function WriteRoute() {
  const { postId = 'new' } = useParams()
  return <PostEditor key={postId} postId={postId} />
}
