import { messages } from '@shared/messages'
import { shortcut } from '@/shared/lib/platform'
import type { PostMenuExtra } from '@/shared/lib/post-menu-extra'
import { useIsSaved, useToggleSaved } from '../api/saved'

/** Ctrl/Cmd+S: 저장 is the word for save, and nothing else in Magpie takes the key. */
export const saveKey = shortcut('S')

/** 저장 or 저장 취소 in a post's ⋯ menu (the app gives it to the posts feature's menu). */
export function useSaveMenuItem(postId: string): PostMenuExtra {
  const saved = useIsSaved(postId)
  const toggle = useToggleSaved()
  return { label: saved ? messages.unsavePost : messages.savePost, keys: saveKey, run: () => toggle(postId) }
}
