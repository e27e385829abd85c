import { useAtom } from 'jotai'
import { useCallback } from 'react'
import type { Layout } from '@shared/limits'
import type { DraftView, ImageView } from '@shared/types'
import { sessionKeptAtom } from '@/shared/lib/session-kept'

/** A photo in the editor: main's processed image, its 사진 설명, and its upload while not yet attached to a post (null: the post's own). */
export interface DraftPhoto {
  image: ImageView
  alt: string
  /** Main keeps an upload for the same person for a day. */
  uploadId: string | null
}

/** What the editor holds that is not yet saved: the photos main has processed, in order, the text, the layout. */
export interface EditorDraft {
  text: string
  layout: Layout
  photos: DraftPhoto[]
  /** The 임시 저장 글 this new post continues (docs/decisions/039-drafts.md): saved over, and deleted once posted. */
  draftId?: string
}

/**
 * Unsaved editor content for this run of the app, by person and post ('new' for a new
 * post): leaving the editor, the session ending while typing, or the page reloaded after a
 * crash loses nothing, and the same person finds it again after logging back in. Another
 * person never sees it. The photos are main's processed ones, named by id and addresses; when
 * the storage is too full even for that, the photos are dropped and the text and layout kept.
 */
const editorDraftsAtom = sessionKeptAtom<EditorDraft>('editor-drafts', (draft) =>
  draft.photos.length > 0 ? { ...draft, photos: [] } : null
)

const draftKey = (userId: string, postId: string) => JSON.stringify([userId, postId])

export function useEditorDraft(userId: string, postId: string, initial: () => EditorDraft) {
  const [drafts, setDrafts] = useAtom(editorDraftsAtom)
  const key = draftKey(userId, postId)
  const draft = drafts[key] ?? initial()
  const update = useCallback(
    // A function sees the draft as it is now: photos arriving one after another each add to the last.
    (change: Partial<EditorDraft> | ((current: EditorDraft) => Partial<EditorDraft>)) =>
      setDrafts((all) => {
        const current = all[key] ?? initial()
        return { ...all, [key]: { ...current, ...(typeof change === 'function' ? change(current) : change) } }
      }),
    [key, initial, setDrafts]
  )
  const discard = useCallback(
    () =>
      setDrafts((all) => {
        const { [key]: _saved, ...rest } = all
        return rest
      }),
    [key, setDrafts]
  )
  return { draft, update, discard }
}

/**
 * Puts a 임시 저장 글 in the new-post editor. What the editor held is the caller's to keep first
 * (the list saves it as a draft of its own), so nothing typed is lost.
 */
export function useContinueDraft(userId: string) {
  const [drafts, setDrafts] = useAtom(editorDraftsAtom)
  const key = draftKey(userId, 'new')
  const current = drafts[key] ?? null
  const open = useCallback(
    (saved: DraftView) =>
      setDrafts((all) => ({
        ...all,
        [key]: { text: saved.text, layout: saved.layout, photos: saved.photos.map((p) => ({ image: p.image, alt: p.alt, uploadId: p.uploadId })), draftId: saved.id }
      })),
    [key, setDrafts]
  )
  return { current, open }
}
