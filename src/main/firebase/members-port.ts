import type { FirebasePortError, Unsubscribe } from './ports'

/**
 * Members-only communities (docs/decisions/045-members-only.md): settings/community.access,
 * members/{uid} and joinRequests/{uid}. Who may read and write each is the shipped rules'.
 */
export type CommunityAccess = 'open' | 'members-only'

/** joinRequests/{uid} as read: uid is the document's id, at the server's time in ms. */
export interface JoinRequestDoc {
  uid: string
  nickname: string
  message: string
  at: number
}

export interface MembersPort {
  /** settings/community.access, one read from the server (signed in only); 'open' when absent or anything else. */
  access(): Promise<CommunityAccess>
  /**
   * Live members/{uid} of the caller: true while it exists. Only server-confirmed snapshots
   * (offline, the cache's "no document" is not "not a member").
   */
  watchMember(uid: string, onMember: (member: boolean) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /** The caller's own request, one read; null when there is none. */
  joinRequest(uid: string): Promise<JoinRequestDoc | null>
  /** Creates the caller's request with the server's time (an empty message is left out). */
  requestToJoin(uid: string, request: { nickname: string; message: string }): Promise<void>
  /** Deletes a request: the caller's own (요청 취소), or any as a moderator (거절). */
  deleteJoinRequest(uid: string): Promise<void>
  /** Moderators: live pending requests, oldest first, at most `limit`. */
  watchJoinRequests(limit: number, onDocs: (docs: JoinRequestDoc[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /** Moderators: members/{uid} via 'approval' by `by`, and the request's removal, in one batch. */
  approve(uid: string, by: string): Promise<void>
}
