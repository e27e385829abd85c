import { useEffect } from 'react'
import { useSavedIds, useToggleSaved } from '../api/saved'

/** Where typing goes: the key is left to the field there (a comment being written is not the post). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select') !== null)

/**
 * Ctrl/Cmd+S saves or unsaves the post the focus is in (a card in the feed, a tile on a person's
 * page), else the post the page shows (`pagePostId`). It also keeps the saved ids read while
 * signed in, so every ⋯ menu opens already saying 저장 or 저장 취소.
 */
export function SaveShortcut({ pagePostId }: { pagePostId: string | null }) {
  useSavedIds()
  const toggle = useToggleSaved()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return
      if (event.repeat || typing(event.target)) return
      const focused = document.activeElement?.closest<HTMLElement>('[data-post-id]')?.dataset.postId ?? null
      const postId = focused ?? pagePostId
      if (!postId) return
      event.preventDefault()
      toggle(postId)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [pagePostId, toggle])
  return null
}
