import type { FirebaseWebConfig } from '@shared/types'
import type { SavedPort } from './saved-port'
import type { InvitationsPort } from './invitations-port'
import type { StampRange } from './web-stamps'

export type { FirebaseWebConfig }

// The documents' shapes (documents.ts), used by the ports below and by their callers through here.
import type { PostDoc, CommentDoc, UserDoc, AlertEntry, ControlList, ControlEntry, ProfileDoc, ReportDoc, ModerationLogDoc, NoticeDoc, CommunitySettingsDoc } from './documents'
export type { PostDoc, CommentDoc, UserDoc, AlertEntry, ControlList, ControlEntry, ProfileDoc, ReportDoc, ModerationLogDoc, NoticeDoc, CommunitySettingsDoc }

/**
 * The Firebase boundary of community mode (docs/decisions/008-community-mode.md).
 *
 * Everything Magpie asks of Firebase goes through these ports, so that
 *  - the only code that imports the `firebase` SDK is the SDK adapter (sdk-adapter/),
 *  - the community services and the mirror run in CI against an in-memory fake (fake-firebase.ts)
 *    and, by `npm run test:firebase`, against the emulators,
 *  - a counting wrapper (counting.ts) can count every document read at one place.
 *
 * The document shapes are exactly the original web app's (docs/specification.md §3.3, §7.3). Fields beyond them are
 * optional, because documents the web app wrote never have them: the only one Magpie writes is
 * a post's createdAt (the shipped rules accept no other); the rest are read when present.
 */

/** Where the emulators run, for tests and development (never set in a shipped app). */
export interface EmulatorHosts {
  auth?: string
  firestore?: string
  database?: string
  storage?: string
}

export interface Snapshot<T> {
  id: string
  data: T
}

export type Unsubscribe = () => void

export interface FirebaseUser {
  uid: string
  email: string
}

/** A Firebase error turned into a stable reason the services map to Korean messages. */
export type FirebaseFailure =
  | 'email-taken'
  | 'invalid-credentials'
  | 'weak-password'
  | 'invalid-email'
  | 'too-many-requests'
  /** Deleting the account needs a recent sign-in: the password again (reauthenticate). */
  | 'requires-recent-login'
  | 'permission-denied'
  | 'not-found'
  | 'offline'
  | 'invalid-config'
  | 'unknown'

export class FirebasePortError extends Error {
  constructor(
    readonly reason: FirebaseFailure,
    message?: string
  ) {
    super(message ?? reason)
    this.name = 'FirebasePortError'
  }
}

export interface AuthPort {
  signUp(email: string, password: string): Promise<FirebaseUser>
  signIn(email: string, password: string): Promise<FirebaseUser>
  signOut(): Promise<void>
  current(): FirebaseUser | null
  /**
   * What main keeps (encrypted) to stay signed in across restarts: the refresh credential,
   * never the password. Null when signed out.
   */
  exportCredential(): Promise<string | null>
  /** Signs back in from an exported credential; null when it is no longer valid. */
  restore(credential: string): Promise<FirebaseUser | null>
  /**
   * Re-authenticates the signed-in user with `currentPassword` ('invalid-credentials' when it is
   * wrong), then sets `newPassword`. Firebase ends the account's other refresh tokens; this
   * client's own are renewed, so its credential must be exported again.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>
  /** Proves the signed-in user is the person ('invalid-credentials' when the password is wrong): 회원 탈퇴. */
  reauthenticate(password: string): Promise<void>
  /** Deletes the signed-in account itself ('requires-recent-login' when its sign-in is too old); then signed out. */
  deleteAccount(): Promise<void>
  /**
   * Whether the signed-in user's ID token carries the custom claim moderator == true (set by
   * `npm run community -- moderator add`); refresh: a new token first, so a claim set or taken
   * away since the last one counts (at sign-in). False when signed out.
   */
  moderator(refresh: boolean): Promise<boolean>
}

/**
 * The most documents one of the person's own queries (allPostsBy, commentsBy, postsLikedBy) reads:
 * one person's writing, read once per 내려받기 or 탈퇴 step (docs/firebase.md, "Reads").
 */
export const ownDocsMax = 5_000

/** The most values one Firestore `in` filter takes: watchPosts is asked for at most this many. */
export const watchInMax = 30

export interface PostsCursor {
  createdAt: number
  id: string
}

export interface DocsPort {
  /** Newest first by createdAt, then id; `after` continues a page. One query, `limit` documents. */
  postsPage(after: PostsCursor | null, limit: number): Promise<Snapshot<PostDoc>[]>
  /** Live view of the newest `limit` posts (the top of the feed). */
  watchPostsTop(limit: number, onDocs: (docs: Snapshot<PostDoc>[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /**
   * Posts written without createdAt (by the original web app), found by a paged scan in
   * document-id order; `afterId` continues it. Used rarely (see decision 008).
   */
  legacyPostsScan(afterId: string | null, limit: number): Promise<Snapshot<PostDoc>[]>
  /**
   * The posts whose `postDate` text lies in any of `ranges` (web-stamps.ts: days, or the part of
   * one written since a moment; at most `rangesMax`), found without scanning by ranges on the
   * text, in one query: posts written in those hours, by the web app or Magpie (decision 008,
   * "The cost of a community").
   */
  postsStamped(ranges: StampRange[]): Promise<Snapshot<PostDoc>[]>
  /** Live view of the posts whose `postDate` lies in any of `ranges`: each snapshot is all of them. */
  watchPostsStamped(ranges: StampRange[], onDocs: (docs: Snapshot<PostDoc>[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /** Live view of one post's comments whose `comment_time` lies in any of `ranges`: those written in those hours. */
  watchPostCommentsStamped(postId: string, ranges: StampRange[], onDocs: (docs: Snapshot<CommentDoc>[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /** The same for several posts at once, in one query: `postIds.length × ranges.length` ≤ `rangesMax` (Firestore's disjunctions). */
  watchCommentsStamped(postIds: string[], ranges: StampRange[], onDocs: (docs: Snapshot<CommentDoc>[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /**
   * One post's comments whose `comment_time` lies in `range`, in (comment_time, id) order after
   * `after`, at most `limit`: a page of a busy post's comments, read on the server.
   */
  postCommentsStamped(postId: string, range: StampRange, after: { stamp: string; id: string } | null, limit: number): Promise<Snapshot<CommentDoc>[]>
  /** How many of one post's comments have a `comment_time` in `range` (an aggregation, a read per 1,000). */
  countPostCommentsStamped(postId: string, range: StampRange): Promise<number>
  getPost(id: string): Promise<Snapshot<PostDoc> | null>
  watchPost(id: string, onDoc: (doc: Snapshot<PostDoc> | null) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  addPost(doc: PostDoc): Promise<string>
  /** Edits only the fields given (the web app's edit fields: id, nickname, profileImg, postImg, postTxt, layout; docs/specification.md §7.3). */
  updatePost(id: string, patch: Partial<PostDoc>): Promise<void>
  deletePost(id: string): Promise<void>
  /** Atomic arrayUnion / arrayRemove of the email in likedBy. */
  setLiked(postId: string, email: string, liked: boolean): Promise<void>
  /** Every comment of one post (where post_id == postId); never the collection. */
  commentsOf(postId: string): Promise<Snapshot<CommentDoc>[]>
  watchComments(postId: string, onDocs: (docs: Snapshot<CommentDoc>[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /**
   * How many comments each post has (where post_id == id), counted on the server without
   * reading them: one aggregation query per post, run in parallel. Every id asked for is in the
   * answer; it rejects (e.g. 'offline') when any count cannot be had, and the caller keeps what
   * it knew.
   */
  commentCounts(postIds: string[]): Promise<Record<string, number>>
  /**
   * Live view of these posts (at most `watchInMax` ids; Firestore's documentId `in` query): each
   * snapshot is those that exist. Keeps the feed cards the reader has loaded current (decision
   * 008, addendum 2026-11-24).
   */
  watchPosts(ids: string[], onDocs: (docs: Snapshot<PostDoc>[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  getComment(id: string): Promise<Snapshot<CommentDoc> | null>
  /** The `comment_time`s of comments of this nickname on this post (`post_id ==` and `comment_nick ==`, at most 20): what a comment alert claims. */
  commentTimesByNickname(postId: string, nickname: string): Promise<string[]>
  addComment(doc: CommentDoc): Promise<string>
  deleteComment(id: string): Promise<void>
  /** The person's own posts (posted_uid == uid), at most `limit` (ownDocsMax): 내 데이터 내려받기, 회원 탈퇴. */
  allPostsBy(uid: string, limit: number): Promise<Snapshot<PostDoc>[]>
  /** The person's own comments (comment_by == email), at most `limit`. */
  commentsBy(email: string, limit: number): Promise<Snapshot<CommentDoc>[]>
  /** The posts whose likedBy holds `email` (array-contains), at most `limit`. */
  postsLikedBy(email: string, limit: number): Promise<Snapshot<PostDoc>[]>
  /** users where user_id == email (docs/specification.md §3.3, §7.3 profile), at most one. */
  userByEmail(email: string): Promise<Snapshot<UserDoc> | null>
  setUser(uid: string, doc: UserDoc): Promise<void>
  /** Deletes one's own users document (회원 탈퇴; firestore.rules allows only that). */
  deleteUser(docId: string): Promise<void>
  /** Who holds the name whose look-alike key hashes to `key` (nicknames/{key}, 64 hex digits): their uid, or null. */
  nicknameHolder(key: string): Promise<string | null>
  /** Takes nicknames/{key} for uid unless another uid holds it; resolves to whether uid holds it now. */
  claimNickname(key: string, uid: string): Promise<boolean>
  /** Which uid the email whose lower-cased form hashes to `key` belongs to (emails/{key}, decision 043), or null. */
  emailHolder(key: string): Promise<string | null>
  /** Claims emails/{key} for uid unless it belongs to a uid already; resolves to the uid it belongs to now. */
  claimEmail(key: string, uid: string): Promise<string>
  /** Adds (`key`: the block's email entry) or, with null, removes users/{owner}/blockedUids/{blockedUid}. */
  setBlockedUid(owner: string, blockedUid: string, key: string | null): Promise<void>
  /** Everyone uid blocked or muted: the two lists under users/{uid} (two queries, a read per entry). */
  controls(uid: string): Promise<ControlEntry[]>
  /** Adds (with the server's time) or, with null, removes one entry of uid's list. */
  setControl(uid: string, list: ControlList, key: string, entry: { nickname: string; profileImg: string; uid: string | null } | null): Promise<void>
  /** Gives nicknames/{key} up if uid holds it (a name changed); anyone else's stays. */
  releaseNickname(key: string, uid: string): Promise<void>
  /** profiles/{uid}, one read; null when the person has none (yet). */
  getProfile(uid: string): Promise<ProfileDoc | null>
  /** The caller's own profiles/{uid}: made with the server's time as joined, later only its nickname and photo change. */
  setProfile(uid: string, face: { nickname: string; photo: string }): Promise<void>
  /** 회원 탈퇴: the caller's own profiles/{uid} goes (nothing when there is none). */
  deleteProfile(uid: string): Promise<void>
  /**
   * One person's posts that have createdAt (those Magpie wrote or placed), newest first, after
   * `after`: one query of at most `limit` documents (posted_uid, createdAt: a composite index).
   */
  postsBy(uid: string, after: PostsCursor | null, limit: number): Promise<Snapshot<PostDoc>[]>
  /** How many posts name uid as posted_uid: an aggregation, a read per 1,000. */
  countPostsBy(uid: string): Promise<number>
  /** Creates the caller's report (its id names them and the target); resolves false when they had made it already. */
  addReport(report: Omit<ReportDoc, 'at'>): Promise<boolean>
  /** Moderators: the open reports, newest first, at most `limit` (one query). */
  reports(limit: number): Promise<Snapshot<ReportDoc>[]>
  /** Moderators: deletes every report of one target (a query of them, then one transaction). */
  closeReports(kind: ReportDoc['kind'], target: string): Promise<void>
  /** Moderators: a removal into the log, with the server's time. */
  addModerationLog(entry: Omit<ModerationLogDoc, 'at'>): Promise<void>
  /** Moderators: the log, newest first, at most `limit`. */
  moderationLog(limit: number): Promise<Snapshot<ModerationLogDoc>[]>
  /** Moderators: a notice for the person whose person key is `key`, with the server's time. */
  addNotice(key: string, notice: Omit<NoticeDoc, 'at'>): Promise<void>
  /**
   * Live view of the caller's own notices (key: their person key), newest first: the whole list at
   * start and after each change (the listener is billed per document added or removed).
   */
  watchNotices(key: string, onDocs: (docs: Snapshot<NoticeDoc>[]) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /** The caller's own notice, read: it goes. */
  deleteNotice(key: string, id: string): Promise<void>
  /** The reports the caller made (by == uid), at most `limit` (ownDocsMax): 내 데이터 내려받기, 회원 탈퇴. */
  reportsBy(uid: string, limit: number): Promise<Snapshot<ReportDoc>[]>
  /** One of the caller's own reports (회원 탈퇴): it goes. */
  deleteReport(id: string): Promise<void>
  /** settings/community, one read (signed in only); absent fields are off, null when there is no document. */
  communitySettings(): Promise<CommunitySettingsDoc | null>
}

export interface AlertsPort {
  /** Live users/{uid}/alerts; null when there are none. */
  watch(uid: string, onAlerts: (alerts: Record<string, AlertEntry> | null) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  push(uid: string, alert: AlertEntry): Promise<string>
  remove(uid: string, key: string): Promise<void>
  /** Sets users/{uid}/alerts to null. */
  clear(uid: string): Promise<void>
  /** Live users/{uid}/signOutGeneration: how many times the person signed out their other copies (0: never). */
  watchSignOuts(uid: string, onGeneration: (generation: number) => void, onError: (error: FirebasePortError) => void): Unsubscribe
  /** Adds one to users/{uid}/signOutGeneration (a transaction); resolves to the new value. */
  signOutOthers(uid: string): Promise<number>
}

export interface FilesPort {
  /** Uploads to `path` (postImg/{timestamp} or profileImg/{timestamp}); resolves to the download URL. */
  upload(path: string, bytes: Uint8Array, contentType: string, onProgress?: (fraction: number) => void): Promise<string>
  remove(path: string): Promise<void>
  /** Downloads an image URL the mirror caches; at most maxBytes. */
  download(url: string, maxBytes: number): Promise<Uint8Array>
}

export interface ConnectivityPort {
  online(): boolean
  onChange(listener: (online: boolean) => void): Unsubscribe
  /**
   * Drops the connections and opens them again now: after the computer slept, a dead socket
   * can look alive until the SDK's own backoff gives up on it. Writes waiting to be sent stay queued.
   */
  reconnect(): void
}


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

/** One connected Firebase project. */
export interface FirebasePorts {
  config: FirebaseWebConfig
  auth: AuthPort
  docs: DocsPort
  alerts: AlertsPort
  files: FilesPort
  saved: SavedPort
  /** Members-only communities (decision 045). */
  members: MembersPort
  invitations: InvitationsPort
  connectivity: ConnectivityPort
  close(): Promise<void>
}

export type ConnectFirebase = (config: FirebaseWebConfig, emulators?: EmulatorHosts) => Promise<FirebasePorts>
