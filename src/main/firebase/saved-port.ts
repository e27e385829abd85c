/**
 * 저장한 글 in a community (docs/decisions/038-bookmarks.md): users/{uid}/saved/{postId},
 * `{ at }` stamped by the server, read and written by that uid alone (firebase/firestore.rules).
 */
export interface SavedPort {
  /** Every post uid saved, last saved first (one query, a read per entry); at in ms. */
  list(uid: string): Promise<{ postId: string; at: number }[]>
  /** Saves (with the server's time; an existing save keeps its own) or, with false, removes uid's save of the post. */
  set(uid: string, postId: string, saved: boolean): Promise<void>
}

/** A post id as a save's document id: what Firestore's automatic ids and the web app's are made of. */
export const isSavedPostId = (id: string): boolean => /^[A-Za-z0-9_-]{1,128}$/.test(id)
