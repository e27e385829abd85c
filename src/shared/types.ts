import type { AlertType, Layout } from './limits'

/** What the renderer may see of an image: sizes for srcset and a tiny placeholder. Never a file path. */
export interface ImageView {
  id: string
  width: number
  height: number
  /** thumbhash, base64: drawn while the real image loads so nothing shifts. */
  placeholder: string
  /** Ascending by width; url is a media-protocol address. */
  variants: { width: number; url: string }[]
}

/** A person as others see them. Never carries an email. */
export interface PersonView {
  id: string
  nickname: string
  avatar: ImageView | null
}

/** The signed-in user as they see themselves: their own email is theirs to see. */
export interface SessionUser extends PersonView {
  email: string
}

export interface SessionView {
  user: SessionUser | null
  /**
   * Community mode: signed in on Firebase, but the account has no users document (made by the web
   * app, whose sign-up stopped before writing it). user stays null — nothing can be written — until
   * auth:completeProfile writes it; the renderer keeps the person on the 프로필 완성 step meanwhile.
   */
  profileToComplete?: { email: string }
  /**
   * 회원 탈퇴 was started here and is not finished (decision 027): 'finishing' while its steps run
   * or wait for the network; 'needsPassword' when Firebase asks for the password again before it
   * deletes the account. user is null meanwhile.
   */
  accountDeletion?: 'finishing' | 'needsPassword'
}

export interface PostView {
  id: string
  author: PersonView
  text: string
  layout: Layout
  image: ImageView
  createdAt: number
  updatedAt: number
  likeCount: number
  likedByMe: boolean
  commentCount: number
  mine: boolean
}

export interface FeedPage {
  posts: PostView[]
  nextCursor: string | null
}

/** The posts a find matched: their places in the feed, 0 being the newest post, in feed order. */
export interface FeedMatches {
  positions: number[]
}

export interface CommentView {
  id: string
  postId: string
  author: PersonView
  text: string
  createdAt: number
  mine: boolean
}

export interface CommentPage {
  comments: CommentView[]
  nextCursor: string | null
}

/**
 * A row of the alert list: a post's alerts of one type, grouped (docs/decisions/014-unread-alerts.md).
 * id, actor and createdAt are its newest alert's; deleting the row deletes its alerts up to that one.
 */
export interface AlertView {
  id: string
  type: AlertType
  postId: string
  actor: PersonView
  /** How many other people the row stands for ("비님 외 2명"). */
  others: number
  postImage: ImageView | null
  createdAt: number
  /** False while any of the row's alerts is unread. */
  seen: boolean
  /** The Korean sentence shown on the card: who did what. */
  text: string
  /** The post's first words (main trims them; plain text), naming which post the row is about. */
  postWords: string
  /** A comment row: its newest comment's first words and id, where known (null for likes). */
  commentWords: string | null
  commentId: string | null
}

export interface AlertList {
  alerts: AlertView[]
  /** How many rows all the person's alerts make (the list shows those of the newest 200 alerts). */
  count: number
  /** The rows holding an alert they have not seen: the badge (docs/decisions/022-alert-rows.md). */
  unseen: number
}

export interface LikeState {
  postId: string
  likeCount: number
  likedByMe: boolean
}

export interface ImageUpload {
  /** Pass back as imageId when saving a post; valid for the caller only, for a limited time. */
  uploadId: string
  image: ImageView
}

/** A community's Firebase web config (Firebase console → project settings → your apps). */
export interface FirebaseWebConfig {
  apiKey: string
  authDomain: string
  projectId: string
  storageBucket: string
  databaseURL: string
  appId: string
}

/** Which backend runs: the embedded store, or a community's Firebase project (mirrored). */
export type ConnectionStatus = { mode: 'local' } | { mode: 'community'; projectId: string; online: boolean }

export interface SettingsView {
  status: ConnectionStatus
  /** The saved community config (null in local mode). */
  config: FirebaseWebConfig | null
  /** Set by the installation (MAGPIE_FIREBASE_CONFIG): the settings screen shows it read-only. */
  managed: boolean
}

/**
 * Where this copy's automatic update stands (src/main/desktop/updates.ts). `unsupported`: a
 * development run, the browser harness, or a package the updater cannot replace (a .deb).
 */
export type UpdateStatus =
  | { state: 'unsupported' }
  | { state: 'off'; checkedAt: number | null }
  | { state: 'idle'; checkedAt: number | null }
  | { state: 'checking' }
  | { state: 'downloading'; version: string; percent: number }
  | { state: 'ready'; version: string; notes: string }
  | { state: 'failed' }

/** What this copy of the app is set to do on the computer (설정 → 앱), kept in its profile folder. */
export interface ShellPreferences {
  /** Check, download and install new versions by itself (on by default). */
  autoUpdate: boolean
  /** Start, to the tray, when the person logs in to the computer (off by default). */
  openAtLogin: boolean
}

export interface ShellView extends ShellPreferences {
  version: string
  update: UpdateStatus
}

/** A sentence main asks the page to show once (a toast): after a crash, or about the OS. */
export type ShellNotice = 'rendererRecovered' | 'notificationsFailed' | 'sessionNotEncrypted'
