import { useSearchParams } from 'react-router-dom'

/**
 * Where a post opens (docs/decisions/022-alert-rows.md): at its top, at its comments
 * (`?comments`: a card's "댓글 N개"), or at one comment (`?comment={id}`: a comment alert).
 */
export function postPath(postId: string, at?: { comment: string | null }): string {
  const path = `/detail/${postId}`
  if (!at) return path
  return at.comment === null ? `${path}?comments` : `${path}?${new URLSearchParams({ comment: at.comment }).toString()}`
}

/** Whether the open post was asked for at its comments, and at which one (null: the section). */
export function useCommentsTarget(): { comment: string | null } | null {
  const [search] = useSearchParams()
  const comment = search.get('comment')
  if (comment) return { comment }
  return search.has('comments') ? { comment: null } : null
}
