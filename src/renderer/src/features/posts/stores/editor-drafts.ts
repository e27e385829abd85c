import { useAtom } from 'jotai'
import { useCallback } from 'react'
import type { Layout } from '@shared/limits'
import type { ImageView } from '@shared/types'
import { sessionKeptAtom } from '@/shared/lib/session-kept'

/** What the editor holds that is not yet saved: the photo main has processed, the text, the layout. */
export interface EditorDraft {
  text: string
  layout: Layout
  image: ImageView | null
  /** The processed photo not yet attached to a post; main keeps it for the same person for a day. */
  uploadId: string | null
}

/**
 * Unsaved editor content for this run of the app, by person and post ('new' for a new
 * post): leaving the editor, the session ending while typing, or the page reloaded after a
 * crash loses nothing, and the same person finds it again after logging back in. Another
 * person never sees it. The photo is main's processed one, named by id and addresses; when
 * the storage is too full even for that, the photo is dropped and the text and layout kept.
 */
const editorDraftsAtom = sessionKeptAtom<EditorDraft>('editor-drafts', (draft) =>
  draft.image || draft.uploadId ? { ...draft, image: null, uploadId: null } : null
)

const draftKey = (userId: string, postId: string) => JSON.stringify([userId, postId])

export function useEditorDraft(userId: string, postId: string, initial: () => EditorDraft) {
  const [drafts, setDrafts] = useAtom(editorDraftsAtom)
  const key = draftKey(userId, postId)
  const draft = drafts[key] ?? initial()
  const update = useCallback(
    (change: Partial<EditorDraft>) => setDrafts((all) => ({ ...all, [key]: { ...(all[key] ?? initial()), ...change } })),
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
