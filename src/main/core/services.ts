import type { ChangePasswordInput, CompleteProfileInput, NewPhoto, ProfileEdit, SignUpInput } from '@shared/ipc/contract'
import type { ImagePurpose, ReportReason, ReportTarget } from '@shared/limits'
import type { MessageKey } from '@shared/messages'
import type { AccessView, JoinRequestView, AlertList, CommentPage, CommentView, FeedMatches, FeedPage, ImageUpload, LikeState, LikerList, ModerationLogEntry, ModeratorView, PersonControl, PersonPage, PersonView, PhotoRules, PostView, RemovalNotice, ReportGroup, SavedPage, SessionView } from '@shared/types'
import { AppError } from '../errors'
import type { Emit, LiveService } from './live-events'
import type { NotificationSettingsService } from './notification-settings'
import type { SearchService } from './search'
import type { PhotoInput, PostDraft } from './post-rules'
import type { ExportedData } from './exported-data'
import type { Drafts } from './drafts'
import type { JoinCodesService } from './join-codes'

type Awaitable<T> = T | Promise<T>

/** Who removes a post or comment: its author, or a moderator the moderation service has checked (decision 030). */
export type Remover = 'author' | 'moderator'

/**
 * What the IPC handlers call, whichever backend runs: the local services answer at once
 * from the store, the community ones (src/main/backends/community) may wait for Firebase.
 */
export interface Services {
  auth: {
    currentUserId(): string | null
    session(): SessionView
    restore(): Promise<SessionView>
    signUp(input: SignUpInput): Promise<SessionView>
    login(input: { email: string; password: string }): Promise<SessionView>
    logout(): Promise<SessionView>
    /** Community mode's web-app accounts without a users document; local mode never has one (noProfileToComplete). */
    completeProfile(input: CompleteProfileInput): Promise<SessionView>
    /** Ends every other session of the person (docs/SECURITY.md, "Sessions"); this copy's stays. */
    signOutOthers(userId: string): Promise<{ done: true }>
    /** Needs the current password; ends the person's other sessions as signOutOthers does. */
    changePassword(userId: string, input: ChangePasswordInput): Promise<{ done: true }>
  }
  account: {
    /** 내 데이터 내려받기's contents (decision 027): the store's in local mode, the server's in a community. */
    exportData(userId: string): Promise<ExportedData>
    /**
     * 회원 탈퇴 (decision 027): the password checked, a journal row written, then every step; the
     * caller is signed out. userId null: finishing this copy's deletion that waits for the password.
     */
    remove(userId: string | null, password: string): Promise<SessionView>
    /** Finishes the deletions a journal row says were cut short (at start, and when the network is back). */
    resume(): Promise<void>
  }
  images: {
    add(userId: string, purpose: ImagePurpose, bytes: Uint8Array, onProgress?: (p: number) => void): Promise<ImageUpload>
    sweep(): Promise<number>
    sweepOrphans(): Promise<number>
  }
  posts: {
    feed(viewer: string | null, cursor: string | null | undefined, limit?: number): Awaitable<FeedPage>
    find(viewer: string | null, query: string, through: string | null | undefined): FeedMatches
    get(id: string, viewer: string | null): Awaitable<PostView>
    create(userId: string | null, photos: readonly NewPhoto[], draft: PostDraft): Awaitable<PostView>
    update(userId: string | null, postId: string, photos: readonly PhotoInput[] | undefined, draft: PostDraft): Promise<PostView>
    remove(userId: string | null, postId: string, as?: Remover): Promise<{ id: string }>
    /** What a post's photos must have here (settings/community in community mode; nothing in local mode). */
    photoRules(userId: string | null): Awaitable<PhotoRules>
  }
  /** Search (the top bar, a hashtag's page): over the store, whichever backend runs (core/search.ts). */
  search: SearchService
  likes: {
    set(userId: string | null, postId: string, liked: boolean): Awaitable<LikeState>
    list(postId: string): LikerList
  }
  comments: {
    list(viewer: string | null, postId: string, cursor: string | null | undefined): Awaitable<CommentPage>
    add(userId: string | null, postId: string, text: string): Awaitable<CommentView>
    remove(userId: string | null, commentId: string, as?: Remover): Awaitable<{ id: string; postId: string }>
  }
  /** 임시 저장 글, in this store in both backends (docs/decisions/039-drafts.md). */
  drafts: Drafts
  /** 저장한 글 (docs/decisions/038-bookmarks.md). */
  saved: {
    list(userId: string, cursor: string | null | undefined): Awaitable<SavedPage>
    ids(userId: string): Awaitable<{ ids: string[] }>
    set(userId: string, postId: string, saved: boolean): Promise<{ ids: string[] }>
  }
  /** Blocks and mutes (docs/decisions/025-block-and-mute.md). */
  blocks: {
    list(userId: string): PersonControl[]
    set(userId: string, personId: string, change: { blocked?: boolean; muted?: boolean }): Promise<PersonControl[]>
  }
  /** 신고 and moderators (docs/decisions/030-reports-and-moderators.md): every call but report is a moderator's. */
  moderation: {
    report(userId: string, input: { kind: ReportTarget; targetId: string; reason: ReportReason; note?: string }): Promise<{ done: true }>
    reports(userId: string): Promise<ReportGroup[]>
    remove(userId: string, kind: ReportTarget, targetId: string, reason: string): Promise<ReportGroup[]>
    dismiss(userId: string, kind: ReportTarget, targetId: string): Promise<ReportGroup[]>
    log(userId: string): Promise<ModerationLogEntry[]>
    notices(userId: string): Awaitable<RemovalNotice[]>
    dismissNotice(userId: string, id: string): Promise<RemovalNotice[]>
    moderators(userId: string): Promise<ModeratorView[] | null>
    setModerator(userId: string, nickname: string, moderator: boolean): Promise<ModeratorView[]>
  }
  /** Members-only communities (docs/decisions/045-members-only.md); local mode has no access switch. */
  access: {
    request(userId: string, message: string): Promise<SessionView>
    withdraw(userId: string): Promise<SessionView>
    mine(userId: string): AccessView | null
    requests(userId: string): Promise<JoinRequestView[]>
    approve(userId: string, uid: string): Promise<JoinRequestView[]>
    reject(userId: string, uid: string): Promise<JoinRequestView[]>
    pendingCount(userId: string): { count: number }
  }
  /** Invitations with a join code (docs/decisions/047-invitation-codes.md): a community's; local mode refuses them. */
  joinCodes: JoinCodesService
  /** Person pages (docs/decisions/028-profiles.md). */
  people: {
    get(viewer: string | null, personId: string): Awaitable<PersonPage>
    posts(viewer: string | null, personId: string, cursor: string | null | undefined): Awaitable<FeedPage>
    updateProfile(userId: string, edit: ProfileEdit): Promise<PersonView>
  }
  alerts: {
    list(userId: string | null): AlertList
    count(userId: string | null): number
    remove(userId: string | null, alertId: string): Awaitable<AlertList>
    clear(userId: string | null): Awaitable<AlertList>
    markSeen(userId: string | null, through: { createdAt: number; id: string }): Awaitable<AlertList>
  }
  notifications: NotificationSettingsService
  live: LiveService
  emit: Emit
  requireUser(userId: string | null, message: MessageKey): string
}

export function requireUser(userId: string | null, message: MessageKey): string {
  if (!userId) throw new AppError(message)
  return userId
}

