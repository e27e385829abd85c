import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { channels, type Channel } from '@shared/ipc/channels'
import { messages, type MessageKey } from '@shared/messages'
import { cleanupTestApps, createPost, signUp, startApp, storeSnapshot, type TestApp } from '../../../tests/support/main/test-app'
import { invalidText } from '../../../tests/support/main/invalid-text'

/**
 * Random and malformed payloads on every channel (ASVS V8/V5): each call ends in an
 * answer, a refusal carries a catalog code with its Korean message, main never throws,
 * nothing leaks into Object.prototype, a refused call leaves the store as it was, and no
 * text an accepted one stored (the lone surrogates among them) is invalid UTF-8.
 */
afterEach(cleanupTestApps)

/** Strings that break naive code: huge, NUL bytes, lone surrogates, bidi overrides, zero-width joiners, SQL and HTML. */
const hostileString = fc.oneof(
  fc.constant('x'.repeat(200_000)),
  fc.constant('a\u0000b'),
  fc.constant('\u0000'),
  fc.constant('\ud800'),
  fc.constant('\udfff\ud800'),
  fc.constant('\u202e\u2066evil\u2069'),
  fc.constant('👩‍👩‍👧‍👦'.repeat(600)),
  fc.constant('e\u0301'.repeat(1500)),
  fc.constant('\u200b\u200c\u200d\ufeff'),
  fc.constant("'); DROP TABLE posts;--"),
  fc.constant('<script>alert(1)</script>'),
  fc.constant('__proto__'),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 })
)

const wrongType = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.constant(new Uint8Array([1, 2, 3])),
  fc.constant(Number.NaN)
)

/** A well-formed payload per channel, which the fuzzer then breaks one field at a time. */
function templates(ids: { postId: string }): Record<Channel, Record<string, unknown> | undefined> {
  return {
    'auth:session': undefined,
    'auth:signUp': { email: 'fuzz-new@example.com', nickname: '퍼즈', password: 'fuzz-pass', passwordConfirm: 'fuzz-pass' },
    'auth:login': { email: 'fuzz@example.com', password: 'wrong-pass' },
    'auth:logout': undefined,
    'auth:signOutOthers': undefined,
    'account:export': undefined,
    'account:delete': { password: 'wrong-pass' },
    'auth:changePassword': { currentPassword: 'wrong-pass', newPassword: 'fuzz-new-pass', newPasswordConfirm: 'fuzz-new-pass' },
    'auth:completeProfile': { nickname: '퍼즈', profileImage: null },
    'images:add': { requestId: 'r', purpose: 'post', bytes: new Uint8Array([0xff, 0xd8, 0xff]) },
    'posts:feed': { cursor: null },
    'posts:find': { query: '글', through: null },
    'posts:get': { id: ids.postId },
    'posts:create': { photos: [{ uploadId: 'nope', alt: '' }], text: '글', layout: 'Top' },
    'posts:update': { id: ids.postId, text: '글', layout: 'Top' },
    'posts:delete': { id: 'no-such-post' },
    'posts:photoRules': undefined,
    'likes:set': { postId: 'no-such-post', liked: true },
    'likes:list': { postId: 'no-such-post' },
    'saved:list': { cursor: null },
    'saved:ids': undefined,
    'saved:set': { postId: 'no-such-post', saved: true },
    'comments:list': { postId: ids.postId },
    'comments:add': { postId: 'no-such-post', text: '댓글' },
    'comments:delete': { id: 'no-such-comment' },
    'drafts:list': undefined,
    'drafts:save': { id: null, text: '쓰던 글', layout: 'Top', photos: [{ uploadId: 'nope', alt: '' }] },
    'drafts:delete': { id: 'no-such-draft' },
    'blocks:list': undefined,
    'blocks:set': { personId: 'no-such-person', blocked: true },
    'moderation:report': { kind: 'post', targetId: 'no-such-post', reason: 'spam' },
    'moderation:reports': undefined,
    'moderation:remove': { kind: 'post', targetId: 'no-such-post', reason: '퍼즈' },
    'moderation:dismiss': { kind: 'comment', targetId: 'no-such-comment' },
    'moderation:log': undefined,
    'moderation:notices': undefined,
    'moderation:dismissNotice': { id: 'no-such-notice' },
    'moderation:moderators': undefined,
    'access:request': { message: '안녕하세요' },
    'access:withdraw': undefined,
    'access:mine': undefined,
    'access:requests': undefined,
    'access:approve': { id: 'no-such-person' },
    'access:reject': { id: 'no-such-person' },
    'access:pendingCount': undefined,
    'moderation:setModerator': { nickname: '퍼즈', moderator: true },
    'people:get': { id: 'no-such-person' },
    'people:posts': { id: 'no-such-person', cursor: null },
    'people:updateProfile': { nickname: '퍼즈' },
    'alerts:list': undefined,
    'alerts:delete': { id: 'no-such-alert' },
    'alerts:clear': undefined,
    'alerts:markSeen': { through: { createdAt: 0, id: 'no-such-alert' } },
    'notifications:get': undefined,
    'notifications:set': { likes: false, comments: true, popups: true, quietHours: { start: 23 * 60, end: 8 * 60 } },
    'notifications:mutePost': { postId: ids.postId, muted: true },
    'settings:get': undefined,
    // The apiKey is one character short, so no broken variant ever reaches a real project.
    'settings:connect': {
      apiKey: 'AIzaSyDx3vQ9_kK2mQe7-TbUq0WZpL4nR8sYc1',
      authDomain: 'fuzz-project.firebaseapp.com',
      projectId: 'fuzz-project',
      storageBucket: 'fuzz-project.appspot.com',
      databaseURL: 'https://fuzz-project.firebaseio.com',
      appId: '1:1234567890:web:abcdef'
    },
    'settings:disconnect': undefined,
    'invitation:get': undefined,
    'invitation:accept': undefined,
    'invitation:dismiss': undefined,
    'invitation:join': undefined,
    'joinCodes:create': { days: 7, maxUses: 5, note: '퍼즈' },
    'joinCodes:list': undefined,
    'joinCodes:revoke': { id: 'a'.repeat(64) },
    'joinCodes:redeem': { code: 'Q2hhbmdlTWUtMTIzNDU2Nzg5MGFiY2Rl' },
    'app:setTheme': { source: 'system' },
    'app:shell': undefined,
    'app:setPreferences': { autoUpdate: true, openAtLogin: false },
    'app:checkForUpdates': undefined,
    'app:restartToUpdate': undefined,
    'app:openLink': { url: 'https://example.com/' },
    'app:quit': { step: 'asking' },
    'search:query': { query: '한강', cursor: null },
    'search:tag': { tag: '봄', cursor: null }
  }
}

/** One broken payload: a field replaced, a field removed, an extra or prototype key, or no object at all. */
function broken(template: Record<string, unknown> | undefined) {
  const keys = Object.keys(template ?? {})
  const base = template ?? {}
  return fc.oneof(
    wrongType,
    hostileString,
    keys.length > 0
      ? fc.tuple(fc.constantFrom(...keys), fc.oneof(hostileString, wrongType)).map(([key, value]) => ({ ...base, [key]: value }))
      : wrongType,
    keys.length > 0 ? fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))) : wrongType,
    fc.constant({ ...base, extra: 1 }),
    // Own "__proto__" and "constructor" keys, as JSON.parse makes them over the wire.
    fc.constant(JSON.parse(`{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}`)),
    fc.constant({ ...base, ...JSON.parse('{"__proto__": {"isAdmin": true}}') })
  )
}

const readOnly: ReadonlySet<Channel> = new Set(['auth:session', 'posts:feed', 'posts:find', 'posts:get', 'comments:list', 'alerts:list', 'drafts:list', 'notifications:get', 'settings:get', 'people:get', 'people:posts'])

/** Another user's post, liked and commented on by the signed-in fuzzer: every table has rows to protect. */
async function scenario(): Promise<{ app: TestApp; ids: { postId: string } }> {
  const app = await startApp()
  await signUp(app, 'fuzz-other')
  const post = await createPost(app)
  await app.call('auth:logout')
  await signUp(app, 'fuzz')
  await app.call('likes:set', { postId: post.id, liked: true })
  await app.call('comments:add', { postId: post.id, text: '댓글' })
  return { app, ids: { postId: post.id } }
}

describe('every channel under random and malformed payloads', () => {
  it.each(channels.map((c) => [c]))('%s answers cleanly and changes nothing when it refuses', async (channel) => {
    const { app, ids } = await scenario()
    const template = templates(ids)[channel]
    await fc.assert(
      fc.asyncProperty(broken(template), async (input) => {
        const before = storeSnapshot(app.store)
        const result = await app.magpie.dispatch(channel, input)
        expect(typeof result.ok).toBe('boolean')
        if (!result.ok) {
          expect(result.error.code in messages).toBe(true)
          expect(result.error.message).toBe(messages[result.error.code as MessageKey])
          expect(result.error.code).not.toBe('serverError')
          expect(JSON.stringify(result)).not.toMatch(/at .*\.ts:\d+|Error:/)
          expect(storeSnapshot(app.store)).toEqual(before)
        } else if (readOnly.has(channel)) {
          expect(storeSnapshot(app.store)).toEqual(before)
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
      }),
      { numRuns: 60 }
    )
    expect(invalidText(app.store)).toEqual([])
  })
})
