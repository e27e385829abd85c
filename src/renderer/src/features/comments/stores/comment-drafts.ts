import { useAtom, useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useMagpieEvent } from '@/shared/lib/events'
import { sessionKeptAtom } from '@/shared/lib/session-kept'

/** Who typed it: a signed-in person's id, or null when typed logged out. */
interface CommentDraft {
  owner: string | null
  text: string
}

/**
 * Comments being typed, by post, for this run of the app: leaving the post (to log in, say)
 * keeps them, and so does the page reloaded after a crash.
 */
const commentDraftsAtom = sessionKeptAtom<CommentDraft>('comment-drafts')

/**
 * The comment box's text for a post. A draft typed logged out follows the person who then
 * signs in (they were asked to log in to send it); one typed by a signed-in person shows
 * only to them, never to the next person at this computer.
 */
export function useCommentDraft(postId: string, userId: string | null): [string, (text: string) => void] {
  const [drafts, setDrafts] = useAtom(commentDraftsAtom)
  const draft = drafts[postId]
  const text = draft && (draft.owner === null || draft.owner === userId) ? draft.text : ''
  const setText = useCallback(
    (next: string) =>
      setDrafts((all) => {
        const { [postId]: _dropped, ...rest } = all
        return next === '' ? rest : { ...rest, [postId]: { owner: userId, text: next } }
      }),
    [postId, userId, setDrafts]
  )
  return [text, setText]
}

/**
 * A 답글 typed in a notification that main could not send (blank, too long, the post gone) waits
 * in that post's comment box, for the person signed in (docs/decisions/036-answer-from-notifications.md).
 */
export function useKeptReplies(userId: string | null): void {
  const setDrafts = useSetAtom(commentDraftsAtom)
  useMagpieEvent('comments:replyKept', ({ postId, text }) => setDrafts((all) => ({ ...all, [postId]: { owner: userId, text } })))
}
