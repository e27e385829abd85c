import type { MessageKey } from '../messages'
import type { AlertType, Layout, ReportReason, ReportTarget, ThemeChoice } from '../limits'
import type {
  AccessView,
  JoinRequestView,
  AlertList,
  CommentPage,
  CommentView,
  ConnectionStatus,
  DraftView,
  FeedMatches,
  FeedPage,
  SavedPage,
  FirebaseWebConfig,
  ImageUpload,
  InvitationView,
  PhotoRules,
  LikeState,
  LikerList,
  ModerationLogEntry,
  ModeratorView,
  NotificationSettings,
  NotificationSettingsView,
  PersonControl,
  PersonPage,
  PersonView,
  PostView,
  RemovalNotice,
  ReportGroup,
  SearchResults,
  SessionView,
  SettingsView,
  ShellNotice,
  ShellPreferences,
  ShellView
} from '../types'
import type { Channel, EventName } from './channels'
import type { CreatedInvitation, InvitationCodeView, NewInvitation } from '../join-codes'

/**
 * What a refusal's code can be: a catalog key, or storeDamaged, whose sentence names the file
 * and its backup (format.storeDamaged) so it is not a fixed catalog text.
 */
export type ErrorCode = MessageKey | 'storeDamaged'

/** The error every failed call carries: a stable code and the Korean message to show. */
export interface AppErrorShape {
  code: ErrorCode
  message: string
  /** For form errors: which field the message belongs to. */
  field?: string
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppErrorShape }

export interface SignUpInput {
  email: string
  nickname: string
  password: string
  passwordConfirm: string
  profileImage?: Uint8Array | null
}

/** The profile a signed-in account without a users document finishes (SessionView.profileToComplete). */
export interface CompleteProfileInput {
  nickname: string
  profileImage?: Uint8Array | null
}

/** The signed-in person's new nickname and photo: photo absent keeps it, null removes it. */
export interface ProfileEdit {
  nickname: string
  photo?: Uint8Array | null
}

/** 설정 → 계정's 비밀번호 바꾸기: the current password proves it is the person, the new one follows the sign-up rules. */
export interface ChangePasswordInput {
  currentPassword: string
  newPassword: string
  newPasswordConfirm: string
}

/** A photo a save adds: an upload of the caller's (images:add) and its 사진 설명 ('' for none). */
export interface NewPhoto {
  uploadId: string
  alt: string
}

/** A photo an edit keeps: one of the post's own (PhotoView.image.id), with its 사진 설명 as now written. */
export interface KeptPhoto {
  imageId: string
  alt: string
}

/** A 임시 저장 글 as the editor sends it: id null makes a new one, else that draft of the caller's is replaced. */
export interface DraftInput {
  id: string | null
  text: string
  layout: Layout
  /** Uploads of the caller's (images:add), in order, with their 사진 설명. */
  photos: NewPhoto[]
}

/** Request and response of every channel; main's schemas (src/main/ipc/schemas.ts) must match. */
export interface Contract {
  'auth:session': { input: void; output: SessionView }
  'auth:signUp': { input: SignUpInput; output: SessionView }
  'auth:login': { input: { email: string; password: string }; output: SessionView }
  'auth:logout': { input: void; output: SessionView }
  /** Writes the missing users document of the account signed in (community mode); then the session is signed in. */
  'auth:completeProfile': { input: CompleteProfileInput; output: SessionView }
  /** Signs the person out of every other copy of Magpie they are signed in on (this one stays signed in). */
  'auth:signOutOthers': { input: void; output: { done: true } }
  /** Changes the caller's password; their sessions in every other copy end (docs/SECURITY.md, "Sessions"). */
  'auth:changePassword': { input: ChangePasswordInput; output: { done: true } }
  /**
   * 내 데이터 내려받기: a ZIP of the caller's posts, photos, comments, likes and alerts, saved where
   * they choose (saved false: they cancelled). `download`: where the page fetches it, in the browser
   * harness only (decision 027); null in the app, where the file is already where they chose.
   */
  'account:export': { input: void; output: { saved: boolean; download: string | null } }
  /**
   * 회원 탈퇴: with the password, every post, photo, comment, like, alert and the profile of the caller
   * is deleted, then the account; answers the session after (signed out, or still finishing).
   * Also how a deletion that stopped at Firebase's "sign in again" is finished.
   */
  'account:delete': { input: { password: string }; output: SessionView }
  /** Post photos only: a profile photo travels with the sign-up itself. */
  'images:add': { input: { requestId: string; purpose: 'post'; bytes: Uint8Array }; output: ImageUpload }
  'posts:feed': { input: { cursor?: string | null; limit?: number }; output: FeedPage }
  /** Find in the posts read so far: those from the top down to the post `through` names (the last page's cursor; null: all). */
  'posts:find': { input: { query: string; through?: string | null }; output: FeedMatches }
  'posts:get': { input: { id: string }; output: PostView }
  /** Every post in the store (community: every post the mirror knows) whose text has the words and tags, newest first, and the people whose nickname has them. */
  'search:query': { input: { query: string; cursor?: string | null }; output: SearchResults }
  /** A hashtag's posts (its page), newest first. */
  'search:tag': { input: { tag: string; cursor?: string | null }; output: FeedPage }
  /** photos: in the order shown (the first is the cover), 1 to limits.photosMax. */
  /** draftId: the 임시 저장 글 it was written from, deleted once posted. */
  'posts:create': { input: { photos: NewPhoto[]; text: string; layout: Layout; draftId?: string }; output: PostView }
  /** photos: the post's photos as they will be, in order: kept ones by image id, added ones by upload; the others are removed. Absent: they stay as they are. */
  'posts:update': { input: { id: string; photos?: (NewPhoto | KeptPhoto)[]; text: string; layout: Layout }; output: PostView }
  'posts:delete': { input: { id: string }; output: { id: string } }
  /** What a post's photos must have here (the editor says so before posting); main checks it again on every save. */
  'posts:photoRules': { input: void; output: PhotoRules }
  'likes:set': { input: { postId: string; liked: boolean }; output: LikeState }
  /** Who liked the post ("좋아요 N개"): nicknames and photos only. */
  'likes:list': { input: { postId: string }; output: LikerList }
  'comments:list': { input: { postId: string; cursor?: string | null }; output: CommentPage }
  'comments:add': { input: { postId: string; text: string }; output: CommentView }
  'comments:delete': { input: { id: string }; output: { id: string; postId: string } }
  /** The caller's 임시 저장 글 in this store, last changed first (docs/decisions/039-drafts.md). */
  'drafts:list': { input: void; output: DraftView[] }
  /** Keeps the editor's content as a draft (new, or replacing one of the caller's); answers it. */
  'drafts:save': { input: DraftInput; output: DraftView }
  /** Deletes one of the caller's drafts. Answers the list left. */
  'drafts:delete': { input: { id: string }; output: DraftView[] }
  /** 저장한 글 (decision 038): the caller's saved posts, last saved first, a page at a time; gone and hidden posts left out. */
  'saved:list': { input: { cursor?: string | null }; output: SavedPage }
  /** The ids of every post the caller saved here (what 저장 / 저장 취소 shows). */
  'saved:ids': { input: void; output: { ids: string[] } }
  /** 저장 or 저장 취소 of a post; answers the ids as they now stand. */
  'saved:set': { input: { postId: string; saved: boolean }; output: { ids: string[] } }
  /** Whom the caller blocked or muted, newest first (docs/decisions/025-block-and-mute.md). */
  'blocks:list': { input: void; output: PersonControl[] }
  /**
   * Blocks, mutes or undoes either: `personId` is a person's id (a post's or comment's author) or a
   * list entry's id. A flag left out stays as it is. Answers the list as it now stands.
   */
  'blocks:set': { input: { personId: string; blocked?: boolean; muted?: boolean }; output: PersonControl[] }
  /** 신고 of someone else's post or comment: a reason from the list and optional words; one per person per target (decision 030). */
  'moderation:report': { input: { kind: ReportTarget; targetId: string; reason: ReportReason; note?: string }; output: { done: true } }
  /** Moderators only: the open reports grouped by what they are about, most reported first. */
  'moderation:reports': { input: void; output: ReportGroup[] }
  /** Moderators only: removes the post (with its photos) or the comment, logs it and tells its author why; answers the open reports left. */
  'moderation:remove': { input: { kind: ReportTarget; targetId: string; reason: string }; output: ReportGroup[] }
  /** Moderators only: 문제없음 — the target's reports are closed and it stays. */
  'moderation:dismiss': { input: { kind: ReportTarget; targetId: string }; output: ReportGroup[] }
  /** Moderators only: the moderation log, newest first. */
  'moderation:log': { input: void; output: ModerationLogEntry[] }
  /** The caller's own removal notices: what of theirs a moderator removed, and why. */
  'moderation:notices': { input: void; output: RemovalNotice[] }
  /** The caller read a notice (확인): it goes. */
  'moderation:dismissNotice': { input: { id: string }; output: RemovalNotice[] }
  /** Moderators only: local mode's moderators; null in a community, whose moderators a command sets. */
  'moderation:moderators': { input: void; output: ModeratorView[] | null }
  /** Moderators only, local mode: names (or un-names) a member as moderator by their nickname. */
  'moderation:setModerator': { input: { nickname: string; moderator: boolean }; output: ModeratorView[] }
  /** Members-only communities (decision 045): the caller's 가입 요청, with an optional message; answers the session (access.request set). */
  'access:request': { input: { message: string }; output: SessionView }
  /** 요청 취소: the caller's request goes. */
  'access:withdraw': { input: void; output: SessionView }
  /** The caller's standing: null when they read the community (a member, an open community, local mode). */
  'access:mine': { input: void; output: AccessView | null }
  /** Moderators only: the pending requests, oldest first. */
  'access:requests': { input: void; output: JoinRequestView[] }
  /** Moderators only: 승인 — the person becomes a member; answers the requests left. */
  'access:approve': { input: { id: string }; output: JoinRequestView[] }
  /** Moderators only: 거절 — the request goes; answers the requests left. */
  'access:reject': { input: { id: string }; output: JoinRequestView[] }
  /** How many requests wait (the badge): 0 for anyone but a moderator of a members-only community. */
  'access:pendingCount': { input: void; output: { count: number } }
  /** A person's page by their opaque id (PersonView.id). */
  'people:get': { input: { id: string }; output: PersonPage }
  /** Their posts, newest first, a page at a time (the page's grid). */
  'people:posts': { input: { id: string; cursor?: string | null }; output: FeedPage }
  /** The caller's own nickname and photo (docs/decisions/028-profiles.md); answers with their new face (no email: not an auth channel). */
  'people:updateProfile': { input: ProfileEdit; output: PersonView }
  'alerts:list': { input: void; output: AlertList }
  'alerts:delete': { input: { id: string }; output: AlertList }
  'alerts:clear': { input: void; output: AlertList }
  /** The caller saw their list from its newest alert down (`through`: that alert's createdAt and id): those alerts are read. */
  'alerts:markSeen': { input: { through: { createdAt: number; id: string } }; output: AlertList }
  /** 설정 → 알림 of the caller: the switches, quiet hours and muted posts (decision 026). */
  'notifications:get': { input: void; output: NotificationSettingsView }
  /** Changes the switches named; the others stay. */
  'notifications:set': { input: Partial<NotificationSettings>; output: NotificationSettingsView }
  /** 이 게시글 알림 끄기 / 켜기 on one of the caller's own posts. */
  'notifications:mutePost': { input: { postId: string; muted: boolean }; output: NotificationSettingsView }
  /** Which backend runs; open to everyone, signed in or not (the sign-in belongs to the backend). */
  'settings:get': { input: void; output: SettingsView }
  /** Checks, tries, saves and switches to a community's project; refused on managed installs. */
  'settings:connect': { input: FirebaseWebConfig; output: SettingsView }
  /** Back to the local store; the community's saved config is forgotten. */
  'settings:disconnect': { input: void; output: SettingsView }
  /** The invitation link the OS handed over, as main read it; anyone's, signed in or not. */
  'invitation:get': { input: void; output: InvitationView }
  /** 연결 on the invitation: main connects to the config it holds (settings:connect's path); the page sends none. */
  'invitation:accept': { input: void; output: SettingsView }
  /** 취소: the held invitation is let go. */
  'invitation:dismiss': { input: void; output: InvitationView }
  /** 가입 on an invitation with a join code for the running community: main redeems the code it holds (decision 047). */
  'invitation:join': { input: void; output: { joined: true } }
  /** Moderators only (decision 047): a new invitation; its link, with the code, is answered this once. */
  'joinCodes:create': { input: NewInvitation; output: CreatedInvitation }
  /** Moderators only: the newest invitations, never their codes. */
  'joinCodes:list': { input: void; output: InvitationCodeView[] }
  /** Moderators only: revokes one for good (id: InvitationCodeView.id); the list after it. */
  'joinCodes:revoke': { input: { id: string }; output: InvitationCodeView[] }
  /** 초대 코드로 가입: a pasted code, or a whole invitation link of this community. */
  'joinCodes:redeem': { input: { code: string }; output: { joined: true } }
  /** The scheme chosen in 설정, for what the OS draws around the page; anyone's, signed in or not. */
  'app:setTheme': { input: { source: ThemeChoice }; output: void }
  /** This copy's version, automatic update and start at login; anyone's, signed in or not. */
  'app:shell': { input: void; output: ShellView }
  'app:setPreferences': { input: Partial<ShellPreferences>; output: ShellView }
  /** Checks now (설정's button, the menu's 업데이트 확인…); the answer comes as shell:changed. */
  'app:checkForUpdates': { input: void; output: ShellView }
  /** Quits and installs the downloaded version (only when update.state is 'ready'). */
  'app:restartToUpdate': { input: void; output: void }
  /** A web link in someone's text, opened in the system browser; main takes only http and https. */
  'app:openLink': { input: { url: string }; output: void }
  /**
   * The page's answer to app:quitRequested (decision 039): 'asking' while the editor's leave prompt
   * is open (main shows the window), 'agreed' once the person may quit (nothing to lose, 임시 저장
   * or 저장하지 않고 나가기). 계속 쓰기 sends nothing: the quit stays cancelled.
   */
  'app:quit': { input: { step: 'asking' | 'agreed' }; output: void }
}

export type Input<C extends Channel> = Contract[C]['input']
export type Output<C extends Channel> = Contract[C]['output']

export interface EventPayloads {
  'session:changed': SessionView
  /** count: the alerts not yet seen (the badge). */
  'alerts:changed': { count: number; newest: { id: string; type: AlertType; postId: string } | null }
  'posts:changed': { postIds: string[]; feed: boolean }
  /** The signed-in person's removal notices (운영 알림) changed: read them again. */
  'moderation:noticesChanged': Record<string, never>
  'images:progress': { requestId: string; progress: number }
  /** How far the running 내 데이터 내려받기 is, 0 to 1. */
  'account:exportProgress': { progress: number }
  'app:navigate': { route: string }
  'connection:changed': ConnectionStatus
  'shell:changed': ShellView
  'app:notice': { notice: ShellNotice }
  /** The app menu's 설정… (and macOS's Cmd+,): the page opens its settings dialog. */
  'app:command': { command: 'settings' }
  /** A 답글 from a notification that could not be sent: it waits in that post's comment box. */
  'comments:replyKept': { postId: string; text: string }
  /** Moderators: the pending 가입 요청 changed (count: how many wait now). */
  'access:requestsChanged': { count: number }
  /**
   * Magpie is asked to quit (끝내기, Cmd+Q, a .deb update's restart): the page answers with app:quit.
   * unattended: the OS is ending the session and nothing can be asked; unsaved writing is kept as a
   * 임시 저장 글 where it can be, and no answer is awaited.
   */
  'app:quitRequested': { unattended: boolean }
}

export type EventListener<E extends EventName> = (payload: EventPayloads[E]) => void

type Method<C extends Channel> = Input<C> extends void
  ? () => Promise<Result<Output<C>>>
  : (input: Input<C>) => Promise<Result<Output<C>>>

type Namespace<C extends string> = C extends `${infer N}:${string}` ? N : never
type MethodName<C extends string> = C extends `${string}:${infer M}` ? M : never

/** window.magpie: one method per channel, grouped by feature ("posts:feed" → magpie.posts.feed). */
export type MagpieApi = {
  [N in Namespace<Channel>]: {
    [C in Extract<Channel, `${N}:${string}`> as MethodName<C>]: Method<C>
  }
} & {
  on<E extends EventName>(event: E, listener: EventListener<E>): () => void
}
