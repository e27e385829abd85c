import { afterEach, describe, expect, it } from 'vitest'
import { channels, type Channel } from '@shared/ipc/channels'
import type { Input, Output, Result } from '@shared/ipc/contract'
import { messages, type MessageKey } from '@shared/messages'
import type { Store } from '../store'
import {
  cleanupTestApps,
  createPost,
  imageFiles,
  logIn,
  signUp,
  startApp,
  tinyJpeg,
  uploadImage,
  type Account,
  type TestApp
} from '../../../tests/support/main/test-app'
import { databaseOf } from '../store/handle'
import { kkachiCommunity } from '../../../tests/support/community-config'
import { readZip } from '../../../tests/support/zip'

/**
 * OWASP ASVS 5.0 V8.2.1–V8.2.3: every channel × every kind of caller, with the exact
 * answer each must get. A refused call must leave the store (every table, and the
 * images folder) exactly as it was; no answer ever carries another person's email.
 */

afterEach(cleanupTestApps)

const actors = ['loggedOut', 'anotherUser', 'owner'] as const
type Actor = (typeof actors)[number]

/** 'ok', or the refusal code the caller must get. */
type Outcome = 'ok' | MessageKey

/** The owner's world: a post, the owner's comment on it, alerts made by others, a pending upload. */
interface Scenario {
  app: TestApp
  owner: Account
  other: Account
  /** A third person who comments too: their email must never reach anyone else. */
  bystander: Account
  postId: string
  postImageId: string
  ownerCommentId: string
  otherCommentId: string
  likeAlertId: string
  alertIds: string[]
  /** The owner's newest alert, where their list starts. */
  newestAlert: { createdAt: number; id: string }
  pendingUploadId: string
  /** The owner's 임시 저장 글 (text only: the pending upload stays free). */
  ownerDraftId: string
}

type Snapshot = Record<string, unknown[]>

interface Seen<C extends Channel> {
  actor: Actor
  data: Output<C>
  s: Scenario
  before: Snapshot
  after: Snapshot
}

interface Case<C extends Channel> {
  name: string
  input: (s: Scenario) => Input<C>
  expect: Record<Actor, Outcome>
  /** What a successful call must have answered and done. */
  verify?: (seen: Seen<C>) => void | Promise<void>
}

/** Every channel must have its row: a channel added to `channels` without one fails to compile. */
type Matrix = { [C in Channel]: readonly Case<C>[] }

const newcomer = { email: 'newcomer@example.com', password: 'newcomer-secret' }
const everyone: Record<Actor, Outcome> = { loggedOut: 'ok', anotherUser: 'ok', owner: 'ok' }
const signedIn = (loggedOut: MessageKey): Record<Actor, Outcome> => ({ loggedOut, anotherUser: 'ok', owner: 'ok' })
const ownerOnly = (refusal: MessageKey, loggedOut: MessageKey = refusal): Record<Actor, Outcome> => ({
  loggedOut,
  anotherUser: refusal,
  owner: 'ok'
})

const rows = (snapshot: Snapshot, table: string) => snapshot[table] as Record<string, unknown>[]
const ids = (snapshot: Snapshot, table: string) => rows(snapshot, table).map((r) => r.id)
const emailOf = (actor: Actor, s: Scenario): string | null =>
  actor === 'owner' ? s.owner.email : actor === 'anotherUser' ? s.other.email : null
const userIdOf = (actor: Actor, s: Scenario): string | null =>
  actor === 'owner' ? s.owner.user.id : actor === 'anotherUser' ? s.other.user.id : null

/** A well-formed community config; the matrix's cases break one field each. */
const communityConfig = kkachiCommunity

const matrix: Matrix = {
  'auth:session': [
    {
      name: 'who am I',
      input: () => undefined,
      expect: everyone,
      verify: ({ actor, data, s }) => expect(data.user?.email ?? null).toBe(emailOf(actor, s))
    }
  ],
  'auth:signUp': [
    {
      name: 'a new account',
      input: () => ({ email: newcomer.email, nickname: '새내기', password: newcomer.password, passwordConfirm: newcomer.password }),
      expect: everyone,
      verify: ({ data, before, after }) => {
        expect(data.user?.email).toBe(newcomer.email)
        expect(rows(after, 'users')).toHaveLength(rows(before, 'users').length + 1)
      }
    },
    {
      name: 'the owner\'s email again',
      input: (s) => ({ email: s.owner.email, nickname: '사칭', password: 'imposter-pw', passwordConfirm: 'imposter-pw' }),
      expect: { loggedOut: 'emailTaken', anotherUser: 'emailTaken', owner: 'emailTaken' }
    }
  ],
  'auth:login': [
    {
      name: 'the owner\'s right password',
      input: (s) => ({ email: s.owner.email, password: s.owner.password }),
      expect: everyone,
      verify: ({ data, s }) => expect(data.user?.id).toBe(s.owner.user.id)
    },
    {
      name: 'the owner\'s email with a wrong password',
      input: (s) => ({ email: s.owner.email, password: s.owner.password + '!' }),
      expect: { loggedOut: 'loginFailed', anotherUser: 'loginFailed', owner: 'loginFailed' }
    }
  ],
  'auth:signOutOthers': [
    {
      name: 'end every other session of the caller',
      input: () => undefined,
      expect: signedIn('loginRequired'),
      verify: ({ actor, data, s, before, after }) => {
        expect(data).toEqual({ done: true })
        // The caller keeps exactly the session they called from; nobody else's is touched.
        const mine = (snap: Snapshot) => rows(snap, 'sessions').filter((r) => r.user_id === userIdOf(actor, s))
        expect(mine(after)).toHaveLength(1)
        expect(rows(after, 'sessions').filter((r) => r.user_id !== userIdOf(actor, s))).toEqual(
          rows(before, 'sessions').filter((r) => r.user_id !== userIdOf(actor, s))
        )
      }
    }
  ],
  'auth:changePassword': [
    {
      // Only the owner knows the owner's password: anyone else's current password is wrong.
      name: 'the owner\'s password, to a new one',
      input: (s) => ({ currentPassword: s.owner.password, newPassword: 'owner-new-secret', newPasswordConfirm: 'owner-new-secret' }),
      expect: { loggedOut: 'loginRequired', anotherUser: 'currentPasswordWrong', owner: 'ok' },
      verify: ({ data, s, before, after }) => {
        expect(data).toEqual({ done: true })
        const hashOf = (snap: Snapshot, id: string) => rows(snap, 'users').find((r) => r.id === id)?.password_hash
        expect(hashOf(after, s.owner.user.id)).not.toBe(hashOf(before, s.owner.user.id))
        expect(hashOf(after, s.other.user.id)).toBe(hashOf(before, s.other.user.id))
      }
    },
    {
      name: 'a new password the sign-up would refuse',
      input: (s) => ({ currentPassword: s.owner.password, newPassword: 'short', newPasswordConfirm: 'short' }),
      expect: { loggedOut: 'loginRequired', anotherUser: 'passwordShort', owner: 'passwordShort' }
    }
  ],
  'account:export': [
    {
      name: 'the caller\'s own data, to the file they choose',
      input: () => undefined,
      expect: signedIn('loginRequired'),
      verify: async ({ actor, data, s }) => {
        expect(data).toEqual({ saved: true, download: null })
        const entries = await readZip(s.app.desktop.recording.saves.at(-1)!)
        const text = [...entries.values()].map((entry) => entry.bytes.toString('utf8')).join('\n')
        // The caller's own email, and never anyone else's.
        expect(text).toContain(emailOf(actor, s)!)
        for (const other of [s.owner.email, s.other.email, s.bystander.email].filter((email) => email !== emailOf(actor, s))) expect(text).not.toContain(other)
      }
    }
  ],
  'account:delete': [
    {
      // Only the owner knows the owner's password: anyone else's is wrong, and nothing goes.
      name: 'the owner\'s account, with the owner\'s password',
      input: (s) => ({ password: s.owner.password }),
      expect: { loggedOut: 'loginRequired', anotherUser: 'currentPasswordWrong', owner: 'ok' },
      verify: ({ data, s, after }) => {
        expect(data).toEqual({ user: null })
        expect(rows(after, 'users').map((r) => r.id)).not.toContain(s.owner.user.id)
        for (const table of ['posts', 'comments', 'alerts', 'images']) {
          expect(rows(after, table).filter((r) => r.author_id === s.owner.user.id || r.user_id === s.owner.user.id || r.owner_id === s.owner.user.id)).toEqual([])
        }
        expect(rows(after, 'users').map((r) => r.id)).toEqual(expect.arrayContaining([s.other.user.id, s.bystander.user.id]))
        expect(rows(after, 'account_deletions')).toEqual([])
      }
    }
  ],
  'auth:logout': [
    {
      name: 'sign out',
      input: () => undefined,
      expect: everyone,
      verify: ({ actor, data, s, before, after }) => {
        expect(data).toEqual({ user: null })
        // Only the caller's own session goes.
        const mine = (snap: Snapshot) => rows(snap, 'sessions').filter((r) => r.user_id === userIdOf(actor, s))
        expect(mine(after)).toHaveLength(0)
        expect(rows(after, 'sessions')).toEqual(rows(before, 'sessions').filter((r) => r.user_id !== userIdOf(actor, s)))
      }
    }
  ],
  'auth:completeProfile': [
    {
      // Local accounts are always made with their profile (community mode: community/auth.test.ts).
      name: 'finish a profile that is never missing here',
      input: () => ({ nickname: '새 닉네임' }),
      expect: { loggedOut: 'noProfileToComplete', anotherUser: 'noProfileToComplete', owner: 'noProfileToComplete' }
    }
  ],
  'images:add': [
    {
      name: 'upload a photo',
      input: () => ({ requestId: 'matrix', purpose: 'post', bytes: jpeg }),
      expect: signedIn('loginFirstWrite'),
      verify: ({ actor, data, s, after }) => {
        const row = rows(after, 'images').find((r) => r.id === data.uploadId)
        expect(row).toMatchObject({ owner_id: userIdOf(actor, s), attached: 0 })
      }
    }
  ],
  'posts:feed': [
    {
      name: 'first page',
      input: () => ({}),
      expect: everyone,
      verify: ({ actor, data, s }) => {
        expect(data.posts.map((p) => [p.id, p.mine, p.likedByMe])).toEqual([[s.postId, actor === 'owner', actor === 'anotherUser']])
      }
    }
  ],
  'posts:find': [
    {
      name: 'words of the owner\'s post, in the whole feed',
      input: () => ({ query: '주인의', through: null }),
      expect: everyone,
      verify: ({ data }) => expect(data).toEqual({ positions: [0] })
    }
  ],
  'search:query': [
    {
      name: 'words of the owner\'s post, over the whole store, with no one\'s email',
      input: () => ({ query: '주인의', cursor: null }),
      expect: everyone,
      verify: ({ data, s }) => {
        expect(data.posts.map((p) => p.id)).toEqual([s.postId])
        expect(JSON.stringify(data)).not.toContain('@')
      }
    }
  ],
  'search:tag': [
    {
      name: 'a tag no post has',
      input: () => ({ tag: '없는태그', cursor: null }),
      expect: everyone,
      verify: ({ data }) => expect(data).toEqual({ posts: [], nextCursor: null })
    }
  ],
  'posts:get': [
    {
      name: 'the owner\'s post',
      input: (s) => ({ id: s.postId }),
      expect: everyone,
      verify: ({ actor, data, s }) => expect([data.id, data.mine, data.commentCount]).toEqual([s.postId, actor === 'owner', 3])
    }
  ],
  'posts:create': [
    {
      name: 'with the owner\'s pending upload',
      input: (s) => ({ photos: [{ uploadId: s.pendingUploadId, alt: '' }], text: '새 글', layout: 'Left' }),
      expect: ownerOnly('postImageRequired', 'loginFirstWrite'),
      verify: ({ data, s, after }) => {
        expect([data.mine, data.photos[0]!.image.id, data.author.id]).toEqual([true, s.pendingUploadId, s.owner.user.id])
        expect(rows(after, 'posts')).toHaveLength(2)
      }
    },
    {
      name: 'without an image',
      input: () => ({ photos: [], text: '사진 없는 글', layout: 'Top' }),
      expect: { loggedOut: 'loginFirstWrite', anotherUser: 'postImageRequired', owner: 'postImageRequired' }
    }
  ],
  'posts:update': [
    {
      name: 'the owner\'s post, text only',
      input: (s) => ({ id: s.postId, text: '고친 글', layout: 'Right' }),
      expect: ownerOnly('onlyAuthorEdit'),
      verify: ({ data, after }) => {
        expect([data.text, data.layout]).toEqual(['고친 글', 'Right'])
        expect(rows(after, 'posts')[0]).toMatchObject({ text: '고친 글', layout: 'Right' })
      }
    },
    {
      name: 'the owner\'s post, with the owner\'s pending upload',
      input: (s) => ({ id: s.postId, photos: [{ uploadId: s.pendingUploadId, alt: '' }], text: '사진도 바꿈', layout: 'Top' }),
      expect: ownerOnly('onlyAuthorEdit'),
      verify: ({ data, s, after }) => {
        expect(data.photos[0]!.image.id).toBe(s.pendingUploadId)
        expect(ids(after, 'images')).not.toContain(s.postImageId)
      }
    }
  ],
  'posts:delete': [
    {
      name: 'the owner\'s post',
      input: (s) => ({ id: s.postId }),
      expect: ownerOnly('onlyAuthorEdit'),
      verify: ({ data, s, after }) => {
        expect(data).toEqual({ id: s.postId })
        for (const table of ['posts', 'likes', 'comments', 'alerts']) expect(rows(after, table)).toEqual([])
        expect(ids(after, 'images')).toEqual([s.pendingUploadId])
      }
    }
  ],
  'posts:photoRules': [
    {
      name: 'what a post\'s photos need (local mode: nothing)',
      input: () => undefined,
      expect: everyone,
      verify: ({ data }) => expect(data).toEqual({ requireAltText: false })
    }
  ],
  'saved:list': [
    {
      name: 'the caller\'s own saved posts (nobody else\'s)',
      input: () => ({ cursor: null }),
      expect: signedIn('loginRequired'),
      verify: ({ data }) => expect(data).toEqual({ posts: [], nextCursor: null })
    }
  ],
  'saved:ids': [
    {
      name: 'which posts the caller saved',
      input: () => undefined,
      expect: everyone,
      verify: ({ data }) => expect(data).toEqual({ ids: [] })
    }
  ],
  'saved:set': [
    {
      name: 'save the owner\'s post, for the caller alone',
      input: (s) => ({ postId: s.postId, saved: true }),
      expect: signedIn('loginFirstSave'),
      verify: ({ actor, data, s, after }) => {
        expect(data).toEqual({ ids: [s.postId] })
        expect(rows(after, 'saved_posts').map((r) => r.user_id)).toEqual([userIdOf(actor, s)])
      }
    }
  ],
  'likes:list': [
    {
      name: 'who liked the owner\'s post',
      input: (s) => ({ postId: s.postId }),
      expect: everyone,
      verify: ({ data, s }) => {
        expect(data).toEqual({ count: 1, likers: [{ id: s.other.user.id, nickname: s.other.user.nickname, avatar: null }] })
        // Nicknames only: no email of anyone reaches the renderer.
        expect(JSON.stringify(data)).not.toContain('@')
      }
    }
  ],
  'likes:set': [
    {
      name: 'like the owner\'s post',
      input: (s) => ({ postId: s.postId, liked: true }),
      expect: signedIn('loginFirstLike'),
      verify: ({ actor, data, before, after }) => {
        // The other person already liked it: liking again is the same one like.
        expect(data).toMatchObject({ likedByMe: true, likeCount: actor === 'owner' ? 2 : 1 })
        // Liking one's own post alerts nobody.
        expect(rows(after, 'alerts')).toEqual(rows(before, 'alerts'))
      }
    },
    {
      name: 'unlike the owner\'s post',
      input: (s) => ({ postId: s.postId, liked: false }),
      expect: signedIn('loginFirstLike'),
      verify: ({ actor, data, s, after }) => {
        expect(data).toMatchObject({ likedByMe: false, likeCount: actor === 'owner' ? 1 : 0 })
        // Nobody can take back someone else's like (or its alert).
        expect(rows(after, 'likes').map((r) => r.user_id)).toEqual(actor === 'owner' ? [s.other.user.id] : [])
        expect(ids(after, 'alerts').includes(s.likeAlertId)).toBe(actor === 'owner')
      }
    }
  ],
  'comments:list': [
    {
      name: 'the owner\'s post',
      input: (s) => ({ postId: s.postId }),
      expect: everyone,
      verify: ({ actor, data, s }) => {
        expect(data.comments.map((c) => [c.id, c.mine])).toEqual([
          [s.ownerCommentId, actor === 'owner'],
          [s.otherCommentId, actor === 'anotherUser'],
          [expect.any(String), false]
        ])
      }
    }
  ],
  'comments:add': [
    {
      name: 'on the owner\'s post',
      input: (s) => ({ postId: s.postId, text: '지나가다 남겨요' }),
      expect: signedIn('loginFirstComment'),
      verify: ({ actor, data, s, before, after }) => {
        expect([data.mine, data.author.id]).toEqual([true, userIdOf(actor, s)])
        // Someone else's comment alerts the owner; the owner's own does not.
        expect(rows(after, 'alerts')).toHaveLength(rows(before, 'alerts').length + (actor === 'owner' ? 0 : 1))
      }
    }
  ],
  'comments:delete': [
    {
      name: 'the owner\'s comment',
      input: (s) => ({ id: s.ownerCommentId }),
      expect: ownerOnly('onlyCommentAuthorDelete'),
      verify: ({ s, after }) => expect(ids(after, 'comments')).not.toContain(s.ownerCommentId)
    },
    {
      name: 'the other person\'s comment (on the owner\'s post)',
      input: (s) => ({ id: s.otherCommentId }),
      // The post's author may not delete other people's comments either.
      expect: { loggedOut: 'onlyCommentAuthorDelete', anotherUser: 'ok', owner: 'onlyCommentAuthorDelete' },
      verify: ({ data, s, after }) => {
        expect(data).toEqual({ id: s.otherCommentId, postId: s.postId })
        expect(ids(after, 'comments')).not.toContain(s.otherCommentId)
      }
    }
  ],
  // 임시 저장 글 (decision 039): each person's own; another's is never found, never shown.
  'drafts:list': [
    {
      name: 'own drafts only',
      input: () => undefined,
      expect: signedIn('loginRequired'),
      verify: ({ actor, data, s }) => expect(data.map((d) => d.id)).toEqual(actor === 'owner' ? [s.ownerDraftId] : [])
    }
  ],
  'drafts:save': [
    {
      name: 'a new draft of text',
      input: () => ({ id: null, text: '새 임시 저장 글', layout: 'Left', photos: [] }),
      expect: signedIn('loginFirstWrite'),
      verify: ({ actor, data, s, before, after }) => {
        expect(data).toMatchObject({ text: '새 임시 저장 글', layout: 'Left', photos: [] })
        expect(rows(after, 'post_drafts')).toHaveLength(rows(before, 'post_drafts').length + 1)
        expect(rows(after, 'post_drafts').find((r) => r.id === data.id)?.user_id).toBe(userIdOf(actor, s))
      }
    },
    {
      name: 'the owner\'s upload as its photo',
      input: (s) => ({ id: null, text: '', layout: 'Top', photos: [{ uploadId: s.pendingUploadId, alt: '강아지' }] }),
      expect: ownerOnly('imageExpired', 'loginFirstWrite'),
      verify: ({ data, s }) => expect(data.photos.map((p) => [p.uploadId, p.alt])).toEqual([[s.pendingUploadId, '강아지']])
    },
    {
      name: 'over the owner\'s draft',
      input: (s) => ({ id: s.ownerDraftId, text: '고친 글', layout: 'Top', photos: [] }),
      expect: ownerOnly('draftNotFound', 'loginFirstWrite'),
      verify: ({ after, s }) => expect(rows(after, 'post_drafts').find((r) => r.id === s.ownerDraftId)?.text).toBe('고친 글')
    }
  ],
  'drafts:delete': [
    {
      name: 'the owner\'s draft',
      input: (s) => ({ id: s.ownerDraftId }),
      expect: ownerOnly('draftNotFound', 'loginRequired'),
      verify: ({ data, after }) => {
        expect(data).toEqual([])
        expect(rows(after, 'post_drafts')).toEqual([])
      }
    }
  ],
  'blocks:list': [
    {
      name: 'own blocks and mutes (nobody has any yet)',
      input: () => undefined,
      expect: signedIn('loginRequired'),
      verify: ({ data }) => expect(data).toEqual([])
    }
  ],
  'blocks:set': [
    {
      name: 'block the bystander: a list of one\'s own, never another person\'s',
      input: (s) => ({ personId: s.bystander.user.id, blocked: true }),
      expect: signedIn('loginRequired'),
      verify: ({ actor, data, s, after }) => {
        expect(data.map((c) => [c.person.id, c.blocked, c.muted])).toEqual([[s.bystander.user.id, true, false]])
        // Only the caller's row; no email reaches the answer.
        expect(rows(after, 'person_controls').map((r) => r.owner_id)).toEqual([userIdOf(actor, s)])
        expect(JSON.stringify(data)).not.toContain('@')
      }
    }
  ],
  // 신고 and moderators (decision 030): the owner made the first account, so is this store's moderator.
  'moderation:report': [
    {
      name: 'report the owner\'s post: never one\'s own',
      input: (s) => ({ kind: 'post', targetId: s.postId, reason: 'spam', note: '광고예요' }),
      expect: { loggedOut: 'loginFirstReport', anotherUser: 'ok', owner: 'cannotReportOwn' },
      verify: ({ actor, data, s, after }) => {
        expect(data).toEqual({ done: true })
        expect(rows(after, 'reports').map((r) => [r.reporter_id, r.target_id, r.reason, r.note])).toEqual([[userIdOf(actor, s), s.postId, 'spam', '광고예요']])
      }
    }
  ],
  'moderation:reports': [
    {
      name: 'the open reports (none yet)',
      input: () => undefined,
      expect: ownerOnly('moderatorOnly', 'loginRequired'),
      verify: ({ data }) => expect(data).toEqual([])
    }
  ],
  'moderation:remove': [
    {
      name: 'remove another person\'s comment with a reason',
      input: (s) => ({ kind: 'comment', targetId: s.otherCommentId, reason: '욕설이 있어요' }),
      expect: ownerOnly('moderatorOnly', 'loginRequired'),
      verify: ({ s, after }) => {
        expect(ids(after, 'comments')).not.toContain(s.otherCommentId)
        expect(rows(after, 'moderation_log').map((r) => [r.moderator_nickname, r.author_nickname, r.reason])).toEqual([[s.owner.user.nickname, s.other.user.nickname, '욕설이 있어요']])
        expect(rows(after, 'removal_notices').map((r) => [r.user_id, r.target_kind, r.reason])).toEqual([[s.other.user.id, 'comment', '욕설이 있어요']])
      }
    },
    {
      name: 'a removal without a reason',
      input: (s) => ({ kind: 'comment', targetId: s.otherCommentId, reason: '  ' }),
      expect: { loggedOut: 'loginRequired', anotherUser: 'moderatorOnly', owner: 'removalReasonRequired' }
    }
  ],
  'moderation:dismiss': [
    {
      name: '문제없음 on the owner\'s post',
      input: (s) => ({ kind: 'post', targetId: s.postId }),
      expect: ownerOnly('moderatorOnly', 'loginRequired'),
      verify: ({ data, s, after }) => {
        expect(data).toEqual([])
        expect(ids(after, 'posts')).toContain(s.postId)
      }
    }
  ],
  'moderation:log': [
    {
      name: 'the moderation log (empty)',
      input: () => undefined,
      expect: ownerOnly('moderatorOnly', 'loginRequired'),
      verify: ({ data }) => expect(data).toEqual([])
    }
  ],
  'moderation:notices': [
    {
      name: 'one\'s own removal notices (none)',
      input: () => undefined,
      expect: everyone,
      verify: ({ data }) => expect(data).toEqual([])
    }
  ],
  'moderation:dismissNotice': [
    {
      name: 'a notice that is not the caller\'s changes nothing',
      input: () => ({ id: 'someone-elses' }),
      expect: signedIn('loginRequired'),
      verify: ({ data, before, after }) => {
        expect(data).toEqual([])
        expect(after).toEqual(before)
      }
    }
  ],
  'moderation:moderators': [
    {
      name: 'this store\'s moderators: the first account',
      input: () => undefined,
      expect: ownerOnly('moderatorOnly', 'loginRequired'),
      verify: ({ data, s }) => expect(data).toEqual([{ person: { id: s.owner.user.id, nickname: s.owner.user.nickname, avatar: null }, first: true }])
    }
  ],
  // Local mode has no access switch (decision 045): nobody asks to join, nothing waits, everyone signed in reads.
  'access:request': [{ name: 'ask to join a local store', input: () => ({ message: '안녕하세요' }), expect: { loggedOut: 'loginRequired', anotherUser: 'joinLocalOnly', owner: 'joinLocalOnly' } }],
  'access:withdraw': [{ name: 'withdraw in a local store', input: () => undefined, expect: { loggedOut: 'loginRequired', anotherUser: 'joinLocalOnly', owner: 'joinLocalOnly' } }],
  'access:mine': [{ name: 'where one stands in a local store', input: () => undefined, expect: everyone, verify: ({ data }) => expect(data).toBeNull() }],
  'access:requests': [{ name: 'pending requests in a local store', input: () => undefined, expect: { loggedOut: 'loginRequired', anotherUser: 'joinLocalOnly', owner: 'joinLocalOnly' } }],
  'access:approve': [{ name: 'approve in a local store', input: (s) => ({ id: s.other.user.id }), expect: { loggedOut: 'loginRequired', anotherUser: 'joinLocalOnly', owner: 'joinLocalOnly' } }],
  'access:reject': [{ name: 'reject in a local store', input: (s) => ({ id: s.other.user.id }), expect: { loggedOut: 'loginRequired', anotherUser: 'joinLocalOnly', owner: 'joinLocalOnly' } }],
  'access:pendingCount': [{ name: 'the badge in a local store', input: () => undefined, expect: everyone, verify: ({ data }) => expect(data).toEqual({ count: 0 }) }],
  'moderation:setModerator': [
    {
      name: 'name the bystander moderator',
      input: (s) => ({ nickname: s.bystander.user.nickname, moderator: true }),
      expect: ownerOnly('moderatorOnly', 'loginRequired'),
      verify: ({ data, s, after }) => {
        expect(data.map((m) => [m.person.id, m.first])).toEqual([[s.owner.user.id, true], [s.bystander.user.id, false]])
        expect(rows(after, 'moderators').map((r) => r.user_id)).toEqual([s.bystander.user.id])
      }
    }
  ],
  'people:get': [
    {
      name: 'the owner\'s page',
      input: (s) => ({ id: s.owner.user.id }),
      expect: everyone,
      verify: ({ actor, data, s }) => {
        expect(data.person).toEqual({ id: s.owner.user.id, nickname: s.owner.user.nickname, avatar: null })
        expect(data.postCount).toBe(1)
        expect(data.mine).toBe(actor === 'owner')
      }
    },
    { name: 'nobody\'s page', input: () => ({ id: 'no-such-person' }), expect: { loggedOut: 'personNotFound', anotherUser: 'personNotFound', owner: 'personNotFound' } }
  ],
  'people:posts': [
    {
      name: 'the owner\'s posts',
      input: (s) => ({ id: s.owner.user.id }),
      expect: everyone,
      verify: ({ data, s }) => expect(data.posts.map((p) => p.id)).toEqual([s.postId])
    }
  ],
  'people:updateProfile': [
    {
      name: 'one\'s own new nickname',
      input: () => ({ nickname: '새이름' }),
      expect: signedIn('loginRequired'),
      verify: ({ actor, data, s, after }) => {
        expect(data).toEqual({ id: userIdOf(actor, s), nickname: '새이름', avatar: null })
        expect(rows(after, 'users').find((u) => u.id === userIdOf(actor, s))?.nickname).toBe('새이름')
      }
    }
  ],
  'alerts:list': [
    {
      name: 'own alerts',
      input: () => undefined,
      expect: signedIn('loginRequired'),
      verify: ({ actor, data, s }) => {
        // The owner's three alerts are two rows: the like, and the two comments grouped.
        const expected = actor === 'owner' ? s.alertIds : []
        expect(data.alerts).toHaveLength(actor === 'owner' ? 2 : 0)
        for (const row of data.alerts) expect(expected).toContain(row.id)
        // Counted in rows, as the list shows them (decision 022).
        expect([data.count, data.unseen]).toEqual([data.alerts.length, data.alerts.length])
      }
    }
  ],
  'alerts:delete': [
    {
      name: 'the owner\'s like alert',
      input: (s) => ({ id: s.likeAlertId }),
      expect: ownerOnly('invalidRequest', 'loginRequired'),
      verify: ({ data, s, after }) => {
        expect(data.alerts.map((a) => a.id)).not.toContain(s.likeAlertId)
        expect(ids(after, 'alerts')).not.toContain(s.likeAlertId)
        // One row (the comments) stays.
        expect(data.count).toBe(1)
      }
    }
  ],
  'alerts:markSeen': [
    {
      name: 'own alerts, from the owner\'s newest down',
      input: (s) => ({ through: s.newestAlert }),
      expect: signedIn('loginRequired'),
      verify: ({ actor, data, before, after }) => {
        // Each marks only their own: another user's call leaves the owner's alerts unread.
        expect(rows(after, 'alerts').every((r) => r.seen_at !== null)).toBe(actor === 'owner')
        if (actor !== 'owner') expect(rows(after, 'alerts')).toEqual(rows(before, 'alerts'))
        expect(data.unseen).toBe(0)
        expect(data.alerts.every((a) => a.seen)).toBe(true)
      }
    }
  ],
  'alerts:clear': [
    {
      name: 'own alerts',
      input: () => undefined,
      expect: signedIn('loginRequired'),
      verify: ({ actor, data, before, after }) => {
        expect(data).toEqual({ alerts: [], count: 0, unseen: 0 })
        // The other person has no alerts: clearing theirs must leave the owner's untouched.
        expect(rows(after, 'alerts')).toEqual(actor === 'owner' ? [] : rows(before, 'alerts'))
      }
    }
  ],
  // 설정 → 알림 belongs to each account: everyone signed in reads and changes only their own.
  'notifications:get': [
    {
      name: 'own notification settings',
      input: () => undefined,
      expect: signedIn('loginRequired'),
      verify: ({ data, before, after }) => {
        expect(data).toEqual({ settings: { likes: true, comments: true, popups: true, quietHours: null }, mutedPosts: [] })
        expect(after).toEqual(before)
      }
    }
  ],
  'notifications:set': [
    {
      name: 'likes off, quiet hours 23:00–08:00',
      input: () => ({ likes: false, quietHours: { start: 23 * 60, end: 8 * 60 } }),
      expect: signedIn('loginRequired'),
      verify: ({ actor, data, s, after }) => {
        expect(data.settings).toEqual({ likes: false, comments: true, popups: true, quietHours: { start: 1380, end: 480 } })
        // Only the caller's own row.
        expect(rows(after, 'notification_settings')).toEqual([
          { user_id: userIdOf(actor, s), likes: 0, comments: 1, popups: 1, quiet_start: 1380, quiet_end: 480 }
        ])
      }
    },
    {
      name: 'quiet hours that start when they end',
      input: () => ({ quietHours: { start: 60, end: 60 } }),
      expect: { loggedOut: 'loginRequired', anotherUser: 'quietHoursSame', owner: 'quietHoursSame' }
    },
    {
      name: 'quiet hours off the half hour',
      input: () => ({ quietHours: { start: 61, end: 60 } }),
      expect: { loggedOut: 'invalidRequest', anotherUser: 'invalidRequest', owner: 'invalidRequest' }
    }
  ],
  'notifications:mutePost': [
    {
      name: 'the owner\'s post muted',
      input: (s) => ({ postId: s.postId, muted: true }),
      // Only one's own posts alert one: muting another's is refused.
      expect: ownerOnly('invalidRequest', 'loginRequired'),
      verify: ({ data, s, after }) => {
        expect(data.mutedPosts.map((p) => [p.postId, p.postWords])).toEqual([[s.postId, '주인의 글']])
        expect(rows(after, 'muted_posts')).toMatchObject([{ user_id: s.owner.user.id, post_id: s.postId }])
        // The badge no longer counts the post's two rows; the list still shows them, marked.
        const list = s.app.magpie.services.alerts.list(s.owner.user.id)
        expect([list.unseen, list.alerts.map((a) => a.silenced)]).toEqual([0, [true, true]])
      }
    }
  ],
  // The connection belongs to the computer, not to an account: the same answer for everyone, signed in or not.
  'settings:get': [
    {
      name: 'which backend runs',
      input: () => undefined,
      expect: everyone,
      verify: ({ data }) => expect(data).toEqual({ status: { mode: 'local' }, config: null, managed: false })
    }
  ],
  'settings:connect': [
    {
      name: 'a config whose apiKey is not one',
      input: () => ({ ...communityConfig, apiKey: 'AIza-not-a-key' }),
      expect: { loggedOut: 'configApiKeyLength', anotherUser: 'configApiKeyLength', owner: 'configApiKeyLength' }
    },
    {
      name: 'a database outside Firebase',
      input: () => ({ ...communityConfig, databaseURL: 'https://collector.evil.example' }),
      expect: { loggedOut: 'configDatabaseUrlInvalid', anotherUser: 'configDatabaseUrlInvalid', owner: 'configDatabaseUrlInvalid' }
    }
  ],
  'settings:disconnect': [
    {
      name: 'already on the local store',
      input: () => undefined,
      expect: everyone,
      verify: ({ actor, data, s, before, after }) => {
        expect(data).toEqual({ status: { mode: 'local' }, config: null, managed: false })
        // Nothing to switch: every account, post and session stays, the caller still signed in.
        expect(after).toEqual(before)
        expect(s.app.magpie.services.auth.session().user?.email ?? null).toBe(emailOf(actor, s))
      }
    }
  ],
  'invitation:get': [
    {
      name: 'no invitation was opened',
      input: () => undefined,
      expect: everyone,
      verify: ({ data, before, after }) => {
        expect(data).toEqual({ state: 'none' })
        expect(after).toEqual(before)
      }
    }
  ],
  'invitation:accept': [
    {
      name: 'no invitation to accept: the page can never name a config of its own',
      input: () => undefined,
      expect: { loggedOut: 'invitationNone', anotherUser: 'invitationNone', owner: 'invitationNone' }
    }
  ],
  'invitation:join': [
    {
      name: 'no join code held: the page can never name a code of its own',
      input: () => undefined,
      expect: { loggedOut: 'invitationNone', anotherUser: 'invitationNone', owner: 'invitationNone' }
    }
  ],
  // Local mode keeps no members-only store (decision 047): each says so, the moderator too.
  'joinCodes:create': [
    {
      name: 'a 7-day invitation for 5 people',
      input: () => ({ days: 7, maxUses: 5, note: '사촌들' }),
      expect: { loggedOut: 'loginRequired', anotherUser: 'invitationsCommunityOnly', owner: 'invitationsCommunityOnly' }
    }
  ],
  'joinCodes:list': [
    {
      name: 'the invitations',
      input: () => undefined,
      expect: { loggedOut: 'loginRequired', anotherUser: 'invitationsCommunityOnly', owner: 'invitationsCommunityOnly' }
    }
  ],
  'joinCodes:revoke': [
    {
      name: 'revoke one',
      input: () => ({ id: 'a'.repeat(64) }),
      expect: { loggedOut: 'loginRequired', anotherUser: 'invitationsCommunityOnly', owner: 'invitationsCommunityOnly' }
    }
  ],
  'joinCodes:redeem': [
    {
      name: 'a code pasted',
      input: () => ({ code: 'Q2hhbmdlTWUtMTIzNDU2Nzg5MGFiY2Rl' }),
      expect: { loggedOut: 'joinCodeLoginFirst', anotherUser: 'joinCodeCommunityOnly', owner: 'joinCodeCommunityOnly' }
    }
  ],
  'invitation:dismiss': [
    {
      name: 'nothing held',
      input: () => undefined,
      expect: everyone,
      verify: ({ data, before, after }) => {
        expect(data).toEqual({ state: 'none' })
        expect(after).toEqual(before)
      }
    }
  ],
  'app:setTheme': [
    {
      name: 'the scheme chosen in 설정',
      input: () => ({ source: 'dark' }),
      expect: everyone,
      verify: ({ s, before, after }) => {
        expect(s.app.desktop.recording.themes.at(-1)).toBe('dark')
        // A display preference: nothing stored, nobody signed in or out.
        expect(after).toEqual(before)
      }
    },
    {
      name: 'a scheme that is not one of the three',
      input: () => ({ source: 'sepia' as 'dark' }),
      expect: { loggedOut: 'invalidRequest', anotherUser: 'invalidRequest', owner: 'invalidRequest' }
    }
  ],
  // This copy's own settings (설정 → 앱), anyone's like the theme: nothing stored, no one's data.
  'app:shell': [
    {
      name: 'the version, updates and start at login',
      input: () => undefined,
      expect: everyone,
      verify: ({ data, before, after }) => {
        expect(data).toMatchObject({ version: expect.any(String), autoUpdate: expect.any(Boolean), openAtLogin: expect.any(Boolean) })
        expect(after).toEqual(before)
      }
    }
  ],
  'app:setPreferences': [
    {
      name: 'start at login on',
      input: () => ({ openAtLogin: true }),
      expect: everyone,
      verify: ({ s, data, before, after }) => {
        expect(data.openAtLogin).toBe(true)
        expect(s.app.shell.recording.loginItems.at(-1)).toBe(true)
        expect(after).toEqual(before)
      }
    },
    {
      name: 'a preference that is not a switch',
      input: () => ({ openAtLogin: 'yes' as unknown as boolean }),
      expect: { loggedOut: 'invalidRequest', anotherUser: 'invalidRequest', owner: 'invalidRequest' }
    },
    {
      name: 'a preference that does not exist',
      input: () => ({ channel: 'beta' }) as never,
      expect: { loggedOut: 'invalidRequest', anotherUser: 'invalidRequest', owner: 'invalidRequest' }
    }
  ],
  'app:checkForUpdates': [
    {
      name: 'a check asked for',
      input: () => undefined,
      expect: everyone,
      verify: ({ s, after, before }) => {
        expect(s.app.shell.recording.checks).toBeGreaterThan(0)
        expect(after).toEqual(before)
      }
    }
  ],
  'app:restartToUpdate': [
    {
      name: 'with no version downloaded, nothing happens',
      input: () => undefined,
      expect: everyone,
      verify: ({ s }) => expect(s.app.shell.recording.installs).toBe(0)
    }
  ],
  'app:openLink': [
    {
      name: 'a script link is dropped, a web link goes to the browser',
      input: () => ({ url: 'javascript:alert(1)' }),
      expect: everyone,
      verify: ({ s }) => expect(s.app.shell.recording.links).toEqual([])
    },
    {
      name: 'a web link',
      input: () => ({ url: 'http://example.com/한강' }),
      expect: everyone,
      verify: ({ s }) => expect(s.app.shell.recording.links).toEqual(['http://example.com/%ED%95%9C%EA%B0%95'])
    }
  ],
  // The page's answer to a quit main asked it about: the app's, anyone's, signed in or not.
  'app:quit': [
    {
      name: 'the page agrees to quit',
      input: () => ({ step: 'agreed' }),
      expect: everyone,
      verify: ({ s, before, after }) => {
        expect(s.app.desktop.recording.quitAnswers.at(-1)).toBe('agreed')
        expect(after).toEqual(before)
      }
    },
    {
      name: 'an answer that is not one of the two',
      input: () => ({ step: 'later' as 'agreed' }),
      expect: { loggedOut: 'invalidRequest', anotherUser: 'invalidRequest', owner: 'invalidRequest' }
    }
  ]
}


let jpeg: Uint8Array

async function buildScenario(): Promise<Scenario> {
  jpeg ??= await tinyJpeg('#7a3b2e')
  const app = await startApp()
  const owner = await signUp(app, 'owner')
  const post = await createPost(app, '주인의 글')
  const ownerComment = await app.call('comments:add', { postId: post.id, text: '주인의 댓글' })
  const pending = await uploadImage(app, jpeg)
  const ownerDraft = await app.call('drafts:save', { id: null, text: '주인의 임시 저장 글', layout: 'Top', photos: [] })

  const other = await signUp(app, 'other')
  await app.call('likes:set', { postId: post.id, liked: true })
  const otherComment = await app.call('comments:add', { postId: post.id, text: '다른 사람의 댓글' })

  const bystander = await signUp(app, 'bystander')
  await app.call('comments:add', { postId: post.id, text: '구경꾼의 댓글' })

  await logIn(app, owner)
  const alerts = (await app.call('alerts:list')).alerts
  const likeAlert = alerts.find((a) => a.type === 'like' && a.actor.id === other.user.id)
  // Three alerts, two rows: the two comments are one.
  expect(alerts).toHaveLength(2)
  expect(likeAlert).toBeDefined()
  const alertIds = databaseOf(app.store).prepare('SELECT id FROM alerts').pluck().all() as string[]
  expect(alertIds).toHaveLength(3)
  return {
    app,
    owner,
    other,
    bystander,
    postId: post.id,
    postImageId: post.photos[0]!.image.id,
    ownerCommentId: ownerComment.id,
    otherCommentId: otherComment.id,
    likeAlertId: likeAlert!.id,
    alertIds,
    newestAlert: { createdAt: alerts[0]!.createdAt, id: alerts[0]!.id },
    pendingUploadId: pending.uploadId,
    ownerDraftId: ownerDraft.id
  }
}

async function becomeActor(s: Scenario, actor: Actor): Promise<void> {
  if (actor === 'loggedOut') await s.app.call('auth:logout')
  else await logIn(s.app, actor === 'owner' ? s.owner : s.other)
  expect((await s.app.call('auth:session')).user?.email ?? null).toBe(emailOf(actor, s))
}

/** Every table's rows (found from the schema, so a new table is covered too), minus the change log. */
function snapshot(store: Store): Snapshot {
  const tables = (
    databaseOf(store).prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
  )
    .map((t) => t.name)
    .filter((name) => name !== 'changes')
  return Object.fromEntries(tables.map((t) => [t, databaseOf(store).prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`).all()]))
}

/** The emails an answer may carry: only on auth channels (and 회원 탈퇴's session answer), only the caller's own (after the call). */
function assertPrivate(channel: Channel, s: Scenario, answer: unknown, events: unknown[]): void {
  const self = s.app.magpie.services.auth.session().user?.email ?? null
  const allowed = (channel.startsWith('auth:') || channel === 'account:delete') && self ? [self] : []
  const emails = [s.owner.email, s.other.email, s.bystander.email, newcomer.email]
  for (const [what, value] of [['answer', answer], ['events', events]] as const) {
    const text = JSON.stringify(value).toLowerCase()
    for (const email of emails) {
      if (allowed.includes(email)) continue
      expect({ channel, what, leaked: text.includes(email.toLowerCase()) ? email : null }).toEqual({ channel, what, leaked: null })
    }
  }
}

describe('authorization matrix: every channel × {loggedOut, anotherUser, owner}', () => {
  it('has a row for exactly the channels main serves', () => {
    expect(Object.keys(matrix).sort()).toEqual([...channels].sort())
    for (const channel of channels) expect(matrix[channel].length).toBeGreaterThan(0)
  })

  it('reads are open to everyone; writes only to those allowed', () => {
    const reads: Channel[] = ['auth:session', 'posts:feed', 'posts:find', 'search:query', 'search:tag', 'posts:get', 'likes:list', 'comments:list', 'settings:get']
    for (const channel of reads) for (const c of matrix[channel]) expect(c.expect).toEqual(everyone)
    const ownerWrites: Channel[] = ['posts:update', 'posts:delete', 'alerts:delete']
    for (const channel of ownerWrites) for (const c of matrix[channel]) expect([c.expect.loggedOut, c.expect.anotherUser]).not.toContain('ok')
  })

  for (const channel of channels) {
    for (const c of matrix[channel] as readonly Case<Channel>[]) {
      for (const actor of actors) {
        const outcome = c.expect[actor]
        it(`${channel} (${c.name}) as ${actor} → ${outcome}`, async () => {
          const s = await buildScenario()
          await becomeActor(s, actor)
          const before = snapshot(s.app.store)
          const filesBefore = await imageFiles(s.app)
          const eventsFrom = s.app.events.length

          const result: Result<unknown> = await s.app.magpie.dispatch(channel, c.input(s))

          assertPrivate(channel, s, result, s.app.events.slice(eventsFrom))
          const after = snapshot(s.app.store)
          if (outcome === 'ok') {
            expect(result).toMatchObject({ ok: true })
            await c.verify?.({ actor, data: (result as { data: Output<Channel> }).data, s, before, after })
          } else {
            expect(result).toMatchObject({ ok: false, error: { code: outcome, message: messages[outcome] } })
            // A refusal changes nothing: no row in any table (sessions too, even for a failed login), no image file.
            expect(after).toEqual(before)
            expect(await imageFiles(s.app)).toEqual(filesBefore)
            expect(s.app.magpie.services.auth.session().user?.email ?? null).toBe(emailOf(actor, s))
          }
        })
      }
    }
  }
})
