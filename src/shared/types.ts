import type { AlertType, Layout, ReportReason, ReportTarget } from './limits'

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

/** One photo of a post as shown: the image and its 사진 설명 (alt text; '' where none was written). */
export interface PhotoView {
  image: ImageView
  alt: string
}

/** What a post's photos must have here (decision 031): the community's settings/community; local mode asks nothing. */
export interface PhotoRules {
  /** Every photo needs its 사진 설명 before the post is saved. */
  requireAltText: boolean
}

/** A person as others see them. Never carries an email. */
export interface PersonView {
  id: string
  nickname: string
  avatar: ImageView | null
}

/**
 * A person's page (/people/:id): their public face and counts. Never an email. joinedAt: since when
 * they are a member (null where nothing says: a community member without a profile document yet).
 */
export interface PersonPage {
  person: PersonView
  joinedAt: number | null
  postCount: number
  likesReceived: number
  /** The viewer's own page: it offers 프로필 편집. */
  mine: boolean
}

/** The signed-in user as they see themselves: their own email is theirs to see. */
export interface SessionUser extends PersonView {
  email: string
  /** Reviews reports and removes posts and comments (docs/decisions/030-reports-and-moderators.md); main checks it again on every call. */
  moderator?: boolean
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
  /** Set only when the signed-in person is outside a members-only community (decision 045): the 가입 요청 page instead of the feed. */
  access?: AccessView
}

/** Where a signed-in person stands in a members-only community they are not a member of (decision 045). */
export interface AccessView {
  /** Their 가입 요청 waiting for the moderators, or null. */
  request: { message: string; at: number } | null
  /** They were a member in this session and a moderator removed them. */
  removed: boolean
}

/** A pending 가입 요청 as moderators see it: never an email. id: the requester's account (for 승인 / 거절). */
export interface JoinRequestView {
  id: string
  nickname: string
  message: string
  at: number
}

export interface PostView {
  id: string
  author: PersonView
  text: string
  layout: Layout
  /** Its photos in order (1 to limits.photosMax): the first is the cover the feed, grids and search show. */
  photos: PhotoView[]
  createdAt: number
  updatedAt: number
  /** The text, layout or photos changed after the post was written (shown as 수정됨). */
  edited: boolean
  likeCount: number
  likedByMe: boolean
  commentCount: number
  mine: boolean
}

/** A photo of a 임시 저장 글: the upload main keeps for it (images:add's uploadId), its image and its 사진 설명. */
export interface DraftPhotoView {
  uploadId: string
  image: ImageView
  alt: string
}

/** An unfinished post kept in this computer's store for its writer (docs/decisions/039-drafts.md). */
export interface DraftView {
  id: string
  text: string
  layout: Layout
  photos: DraftPhotoView[]
  updatedAt: number
}

/** Someone who liked a post, as anyone may see them: never an email. */
export interface LikerView {
  id: string
  /** null: the person is known only by the email their like names (community mode), never sent here. */
  nickname: string | null
  avatar: ImageView | null
}

/** Who liked a post, the newest like first: the first `limits.likersShown`, and how many there are in all. */
export interface LikerList {
  likers: LikerView[]
  count: number
}

export interface FeedPage {
  posts: PostView[]
  nextCursor: string | null
}

/** A post on 저장한 글, with when the caller saved it (decision 038). */
export interface SavedPostView extends PostView {
  savedAt: number
}

/** 저장한 글, a page at a time: last saved first. */
export interface SavedPage {
  posts: SavedPostView[]
  nextCursor: string | null
}

/** The posts a find matched: their places in the feed, 0 being the newest post, in feed order. */
export interface FeedMatches {
  positions: number[]
}

/** A search's answer (search:query): posts newest first, a page at a time; people on the first page only. */
export interface SearchResults {
  posts: PostView[]
  people: PersonView[]
  nextCursor: string | null
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
  /**
   * The person turned these alerts off (their kind in 설정 → 알림, or their post): listed, but
   * not counted on the badge and never popped up (docs/decisions/026-notification-settings.md).
   */
  silenced: boolean
}

export interface AlertList {
  alerts: AlertView[]
  /** How many rows all the person's alerts make (the list shows those of the newest 200 alerts). */
  count: number
  /** The rows holding an alert they have not seen: the badge (docs/decisions/022-alert-rows.md). */
  unseen: number
}

/**
 * Someone the signed-in person blocked or muted, as 설정 lists them (docs/decisions/025-block-and-mute.md):
 * the person as others see them (no email, ever). `id` names the entry for blocks:set.
 */
export interface PersonControl {
  id: string
  person: PersonView
  /** Blocked: their posts, comments and alerts are hidden, and they cannot comment on or like the person's posts. */
  blocked: boolean
  /** Muted: their posts, comments and alerts are hidden. */
  muted: boolean
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

/**
 * The invitation link main holds (docs/decisions/023-invitation-links.md): none, one to ask
 * about (named by its projectId, the config stays in main), or one refused with why.
 */
export type InvitationView = { state: 'none' } | { state: 'ask'; projectId: string } | { state: 'join'; projectId: string } | { state: 'refused'; message: string }

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
  /** needsPassword: installing asks for the administrator's password (a .deb, through pkexec). */
  | { state: 'ready'; version: string; notes: string; needsPassword: boolean }
  | { state: 'failed' }

/** What this copy of the app is set to do on the computer (설정 → 앱), kept in its profile folder. */
export interface ShellPreferences {
  /** Check, download and install new versions by itself (on by default). */
  autoUpdate: boolean
  /** Start, to the tray, when the person logs in to the computer: read back from the OS, never kept by Magpie. */
  openAtLogin: boolean
  /** Which releases to take: 안정 (stable) or 베타 (beta, which also gets every stable one). */
  updateChannel: UpdateChannel
}

export type UpdateChannel = 'stable' | 'beta'

export interface ShellView extends ShellPreferences {
  version: string
  update: UpdateStatus
}

/** A sentence main asks the page to show once (a toast): after a crash, or about the OS. */
export type ShellNotice = 'rendererRecovered' | 'notificationsFailed' | 'sessionNotEncrypted'

/**
 * 설정 → 알림, per account (docs/decisions/026-notification-settings.md). A kind turned off, or a
 * muted post, is listed but neither counted nor popped up; quiet hours and popups off still count.
 */
export interface NotificationSettings {
  likes: boolean
  comments: boolean
  /** Native notifications; off: the badge only. */
  popups: boolean
  /** Counted, not popped up, from start to end (minutes after local midnight, on the half hour; may span midnight). */
  quietHours: { start: number; end: number } | null
}

/** A post whose alerts the person turned off (이 게시글 알림 끄기), as 설정 lists it. */
export interface MutedPostView {
  postId: string
  /** The post's first words (plain text, as an alert row's). */
  postWords: string
  postImage: ImageView | null
  mutedAt: number
}

export interface NotificationSettingsView {
  settings: NotificationSettings
  /** Newest muted first. */
  mutedPosts: MutedPostView[]
}

/**
 * One post or comment on the 신고 page: its open reports together (docs/decisions/030-reports-and-moderators.md).
 * Never who reported it: only the reasons, how many, and the words they added.
 */
export interface ReportGroup {
  kind: ReportTarget
  targetId: string
  /** The post to open (a comment's post). */
  postId: string
  /** The start of its text (main/core/excerpt.ts); empty when it is gone. */
  excerpt: string
  author: PersonView | null
  count: number
  reasons: { reason: ReportReason; count: number }[]
  notes: string[]
  latestAt: number
}

/** A removal as the moderation log keeps it: who removed whose what, when and why (nicknames only). */
export interface ModerationLogEntry {
  id: string
  kind: ReportTarget
  excerpt: string
  author: string
  moderator: string
  reason: string
  createdAt: number
}

/** What the author of a removed post or comment reads: what went and why, never who reported it. */
export interface RemovalNotice {
  id: string
  kind: ReportTarget
  excerpt: string
  reason: string
  createdAt: number
}

/** Local mode's moderators: the first account (always one) and those it named. */
export interface ModeratorView {
  person: PersonView
  first: boolean
}
