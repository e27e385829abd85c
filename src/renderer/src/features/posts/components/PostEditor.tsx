import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay'
import { usePost } from '../api/get-post'
import { PostEditorForm } from './PostEditorForm'
import styles from './PostEditor.module.css'

/** /write/new creates; /write/{id} edits or deletes the reader's own post, preloaded. Others are sent away. */
export function PostEditor({ postId }: { postId: string }) {
  const isNew = postId === 'new'
  const user = useCurrentUser()
  const navigate = useNavigate()
  const existing = usePost(postId, !isNew)
  // Whether this visit began signed in: a session ending here is not a refusal to explain.
  const signedInHere = useRef(user !== null)

  useEffect(() => {
    if (!user) {
      // The form's own farewell (PostEditorForm) says the draft is kept; a visitor is told to log in.
      if (!signedInHere.current) toast(isNew ? messages.loginFirstWrite : messages.onlyAuthorEdit)
      navigate('/', { replace: true })
    } else if (!isNew && existing.data && !existing.isPlaceholderData && !existing.data.mine) {
      toast.error(messages.onlyAuthorEdit)
      navigate(-1)
    }
  }, [user, isNew, existing.data, existing.isPlaceholderData, navigate])

  if (!user) return null
  // A new person at the editor gets a form of their own; the last one's draft stays theirs.
  if (isNew) return <PostEditorForm key={user.id} userId={user.id} post={null} />
  if (existing.isPending || existing.isPlaceholderData) return <LoadingOverlay />
  if (existing.isError) {
    return <p className={styles.notice}>{errorMessage(existing.error)}</p>
  }
  return existing.data.mine ? <PostEditorForm key={user.id} userId={user.id} post={existing.data} /> : null
}
