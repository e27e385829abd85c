/**
 * The documents community mode reads and writes, exactly as the original web app's (docs/specification.md
 * §3.3, §7.3), and those Magpie adds beside them (ports.ts re-exports them with the ports).
 */

/** magazinePost/{id} */
export interface PostDoc {
  postedBy: string
  posted_uid: string
  nickname: string
  profileImg: string
  postImg: string
  postTxt: string
  /** The web app's "locale date + HH:mm" string, e.g. "2024. 3. 9. 14:05". */
  postDate: string
  likedBy: string[]
  layout: string
  /** Magpie: milliseconds since the epoch, so the feed can be ordered and paged on the server. */
  createdAt?: number
  /**
   * The Storage path of postImg, read when a document has it (so a delete can remove the
   * file). Magpie never writes it: the shipped rules refuse the key; without it the path is
   * taken from the download URL.
   */
  postImgPath?: string
  /** Magpie (decision 031): the post's photos after postImg, in order (at most 9 Storage URLs); absent on the web app's posts. */
  morePhotos?: string[]
  /** Magpie: each photo's 사진 설명, postImg's first (one per photo, '' for none); absent on the web app's posts. */
  photoAlts?: string[]
}

/** magazineComments/{id} */
export interface CommentDoc {
  post_id: string
  comment: string
  comment_by: string
  comment_nick: string
  /** The web app's "locale date + HH:mm" string. */
  comment_time: string
  /**
   * Milliseconds since the epoch, read when a document has it. Magpie never writes it: the
   * shipped rules refuse the key on comments, so the time comes from comment_time.
   */
  createdAt?: number
}

/** users/{docId} (the web app used auto ids; Magpie writes users/{uid}). */
export interface UserDoc {
  uid: string
  user_id: string
  nickname: string
  profile_img: string
  alerts: unknown[]
}

/** Realtime Database users/{uid}/alerts/{autoKey} */
export interface AlertEntry {
  date: string
  post_id: string
  committed_by: string
  alert_type: 'like' | 'comment'
  /**
   * The actor's uid and the time in milliseconds, read when an entry has them (they make "the
   * same person" exact where nicknames repeat, and the order exact). Magpie never writes them:
   * the shipped database rules refuse any key beyond the web app's four.
   */
  committed_uid?: string
  createdAt?: number
}

/** Magpie: users/{uid}/blocked/{key} and users/{uid}/muted/{key}, their owner's alone (docs/decisions/025-block-and-mute.md). */
export type ControlList = 'blocked' | 'muted'

/** One entry of those lists: whom (the key of store/person-key.ts), and the name and photo to show for them. */
export interface ControlEntry {
  list: ControlList
  key: string
  nickname: string
  profileImg: string
  /** Their uid as the registry of emails gave it when the entry was set (decision 048); null on older entries or when it knew none. */
  uid: string | null
}

/**
 * profiles/{uid}: a person's public face, which anyone signed in may read (the users documents
 * hold emails, which the rules keep to their owner). Written only by its owner (docs/decisions/028-profiles.md).
 */
export interface ProfileDoc {
  nickname: string
  /** A download URL of this project's Storage, or empty. */
  photo: string
  /** Milliseconds: the server's time when the document was made, never changed after. */
  joined: number
}

/**
 * reports/{uid}_{kind}_{target} (docs/decisions/030-reports-and-moderators.md): one person's
 * report of a post or comment, readable by moderators (and its reporter) only. at: milliseconds,
 * written as the server's time.
 */
export interface ReportDoc {
  by: string
  kind: 'post' | 'comment'
  target: string
  reason: string
  note: string
  at: number
}

/** moderationLog/{id}: a removal, by a moderator naming themselves; moderators read it, nobody changes it. */
export interface ModerationLogDoc {
  by: string
  moderator: string
  author: string
  kind: 'post' | 'comment'
  excerpt: string
  reason: string
  at: number
}

/** notices/{key}/items/{id}: what a moderator removed of the person whose email hashes to key, and why. */
export interface NoticeDoc {
  kind: 'post' | 'comment'
  excerpt: string
  reason: string
  at: number
}

/**
 * settings/community: what the community's operator set with the Admin SDK (`npm run community`);
 * anyone signed in reads it, no client writes it (firebase/firestore.rules).
 */
export interface CommunitySettingsDoc {
  /** Every photo of a post needs its 사진 설명 (decision 031); the rules refuse a write of photoAlts with an empty one. */
  requireAltText: boolean
  /**
   * When the operator last said posts came in that no day's range finds (`npm run community --
   * rescan`: a restore, an import of old posts without createdAt), in ms; null if never. A copy
   * of Magpie whose legacy scan ran before it scans again (decision 042).
   */
  postsRescanAt: number | null
}
