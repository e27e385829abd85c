import { createContext, useContext } from 'react'

/** An item another feature adds to a post's ⋯ menu: its words, a shortcut it answers to, and what it does. */
export interface PostMenuExtra {
  label: string
  keys?: { shown: string; aria: string }
  run: () => void
}

/**
 * 저장 in every post's ⋯ menu (docs/decisions/038-bookmarks.md): the posts feature draws the menu,
 * the saved feature makes the item, and the app joins them here, since features never import each
 * other. The value is a hook (called on each render of the open menu), so it must be one function
 * for the app's whole life.
 */
const PostMenuExtraContext = createContext<(postId: string) => PostMenuExtra | null>(() => null)

export const PostMenuExtraProvider = PostMenuExtraContext.Provider

export function usePostMenuExtra(postId: string): PostMenuExtra | null {
  return useContext(PostMenuExtraContext)(postId)
}
