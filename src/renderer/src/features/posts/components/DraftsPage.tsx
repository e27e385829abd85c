import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import type { DraftView } from '@shared/types'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Image } from '@/shared/ui/Image'
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay'
import { RelativeTime } from '@/shared/ui/RelativeTime'
import { toast } from '@/shared/ui/toast'
import { useDeleteDraft, useDrafts, useSaveDraft } from '../api/drafts'
import { useContinueDraft, type EditorDraft } from '../stores/editor-drafts'
import styles from './DraftsPage.module.css'

/** How much of a draft's text its row shows. */
const startLength = 80

const hasContent = (draft: EditorDraft) => draft.text.trim() !== '' || draft.photos.length > 0

/** 임시 저장한 글 (#/drafts): the signed-in person's unfinished posts here, to continue or delete (docs/decisions/039-drafts.md). */
export function DraftsPage() {
  const user = useCurrentUser()
  const navigate = useNavigate()
  useEffect(() => {
    if (!user) navigate('/', { replace: true })
  }, [user, navigate])
  return user ? <DraftsList key={user.id} userId={user.id} /> : null
}

function DraftsList({ userId }: { userId: string }) {
  const navigate = useNavigate()
  const confirm = useConfirm()
  const drafts = useDrafts(true)
  const saveDraft = useSaveDraft()
  const deleteDraft = useDeleteDraft()
  const editor = useContinueDraft(userId)

  const continueDraft = async (draft: DraftView) => {
    const current = editor.current
    // The editor still holds this very draft, perhaps with more written: go back to it as it is.
    if (current?.draftId === draft.id) return navigate('/write/new')
    if (current && hasContent(current)) {
      // What the editor held is kept as a draft of its own before this one takes its place.
      const input = { id: current.draftId ?? null, text: current.text, layout: current.layout, photos: current.photos.flatMap((p) => (p.uploadId ? [{ uploadId: p.uploadId, alt: p.alt }] : [])) }
      try {
        await saveDraft.mutateAsync(input)
      } catch (error) {
        toast.error(errorMessage(error))
        return
      }
    }
    editor.open(draft)
    navigate('/write/new')
  }

  const remove = async (draft: DraftView) => {
    if (!(await confirm(messages.confirmDeleteDraft, messages.delete))) return
    deleteDraft.mutateAsync(draft.id).then(
      () => toast.success(messages.draftDeleted),
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  return (
    <main className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{messages.draftsPage}</h1>
        <Link to="/write/new" className={styles.write}>
          {messages.write}
        </Link>
      </div>
      <p className={styles.hint}>{messages.draftsHint}</p>
      {drafts.isPending ? (
        <LoadingOverlay />
      ) : drafts.isError ? (
        <ErrorState error={drafts.error} onRetry={() => void drafts.refetch()} busy={drafts.isFetching} />
      ) : drafts.data.length === 0 ? (
        <p className={styles.empty}>{messages.draftsNone}</p>
      ) : (
        <ul className={styles.list}>
          {drafts.data.map((draft) => {
            const start = [...draft.text].slice(0, startLength).join('')
            const cover = draft.photos[0]
            return (
              <li key={draft.id} className={styles.row}>
                <div className={styles.thumb}>
                  {cover ? (
                    <Image image={cover.image} alt={cover.alt || format.photoDefaultAlt(1, draft.photos.length)} sizes="72px" crop />
                  ) : (
                    <svg viewBox="0 0 24 24" aria-hidden="true">
                      <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
                    </svg>
                  )}
                </div>
                <div className={styles.body}>
                  <p className={styles.text} id={`draft-${draft.id}`}>
                    {start === '' ? messages.draftNoText : start}
                    {start.length < draft.text.length ? '…' : ''}
                  </p>
                  <p className={styles.meta}>
                    <RelativeTime at={draft.updatedAt} />
                    {draft.photos.length > 0 && <span> · {format.photoCount(draft.photos.length)}</span>}
                  </p>
                </div>
                <div className={styles.actions}>
                  <button type="button" className={styles.primary} aria-describedby={`draft-${draft.id}`} onClick={() => void continueDraft(draft)} disabled={saveDraft.isPending}>
                    {messages.draftContinue}
                  </button>
                  <button type="button" className={styles.danger} aria-describedby={`draft-${draft.id}`} onClick={() => void remove(draft)} disabled={deleteDraft.isPending}>
                    {messages.delete}
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </main>
  )
}
