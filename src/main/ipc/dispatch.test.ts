import { afterEach, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { channels, type Channel } from '@shared/ipc/channels'
import type { AppErrorShape } from '@shared/ipc/contract'
import { limits } from '@shared/limits'
import { messages, type MessageKey } from '@shared/messages'
import { AppError } from '../errors'
import { cleanupTestApps, createPost, signUp, startApp, storeSnapshot, tinyJpeg } from '../../../tests/support/main/test-app'
import { createDispatcher } from './dispatch'
import type { Handlers } from './handlers'
import { databaseOf } from '../store/handle'
import { kkachiCommunity } from '../../../tests/support/community-config'

afterEach(cleanupTestApps)

const invalid: AppErrorShape = { code: 'invalidRequest', message: messages.invalidRequest }

const communityConfig = kkachiCommunity

describe('dispatch refuses what the renderer should never send', () => {
  it('an unknown channel', async () => {
    const app = await startApp()
    for (const channel of ['posts:hack', 'auth:signup', '', 'constructor', '__proto__', 'toString', 42, null, undefined, ['posts:feed'], { channel: 'posts:feed' }]) {
      expect(await app.magpie.dispatch(channel, {})).toEqual({ ok: false, error: invalid })
    }
  })

  it('payloads of the wrong shape: wrong types, missing or extra keys, null, other values', async () => {
    const app = await startApp()
    const account = await signUp(app, 'shape')
    const post = await createPost(app)
    const before = storeSnapshot(app.store)
    const cases: [Channel, unknown][] = [
      ['posts:get', null],
      ['posts:get', undefined],
      ['posts:get', 'id'],
      ['posts:get', [post.id]],
      ['posts:get', {}],
      ['posts:get', { id: 42 }],
      ['posts:get', { id: '' }],
      ['posts:get', { id: 'x'.repeat(101) }],
      ['posts:get', { id: post.id, extra: true }],
      ['posts:feed', { limit: '10' }],
      ['posts:feed', { cursor: 7 }],
      ['posts:feed', { cursor: 'c'.repeat(201) }],
      ['likes:set', { postId: post.id, liked: 'true' }],
      ['likes:set', { postId: post.id, liked: 1 }],
      ['likes:set', { postId: post.id }],
      ['comments:add', { postId: post.id, text: ['안녕'] }],
      ['comments:add', { postId: post.id, text: 'x'.repeat(100_001) }],
      ['posts:update', { id: post.id, text: '글', layout: 'Top', image: 'x' }],
      ['posts:create', { photos: [{ uploadId: 5, alt: '' }], text: '글', layout: 'Top' }],
      ['posts:delete', { id: { $ne: null } }],
      ['auth:login', { email: account.email }],
      ['auth:login', { email: account.email, password: account.password, remember: true }],
      ['auth:signUp', { email: 'new@example.com', nickname: 'n', password: 'secret1', passwordConfirm: 'secret1', isAdmin: true }],
      ['auth:signUp', { email: 'new@example.com', nickname: 'n', password: 'secret1', passwordConfirm: 'secret1', profileImage: [1, 2, 3] }],
      ['images:add', { requestId: 'r', purpose: 'avatar', bytes: new Uint8Array(3) }],
      ['images:add', { requestId: 'r', purpose: 'post', bytes: [0xff, 0xd8] }],
      ['images:add', { requestId: '', purpose: 'post', bytes: new Uint8Array(3) }],
      ['auth:session', {}],
      ['auth:logout', 'now'],
      ['alerts:list', { all: true }],
      ['alerts:clear', 0],
      ['alerts:delete', null],
      ['settings:get', { all: true }],
      ['settings:disconnect', 'now'],
      ['settings:connect', { ...communityConfig, measurementId: 'G-1' }],
      ['settings:connect', { ...communityConfig, appId: 1 }],
      ['settings:connect', { apiKey: communityConfig.apiKey }],
      ['settings:connect', { ...communityConfig, projectId: 'p'.repeat(1001) }],
      ['settings:connect', JSON.stringify(communityConfig)]
    ]
    for (const [channel, input] of cases) {
      const result = await app.magpie.dispatch(channel, input)
      expect({ channel, input, result }).toEqual({ channel, input, result: { ok: false, error: invalid } })
    }
    expect(storeSnapshot(app.store)).toEqual(before)
    expect((await app.call('auth:session')).user?.id).toBe(account.user.id)
  })

  it('payloads carrying __proto__ or constructor keys, without polluting any prototype', async () => {
    const app = await startApp()
    await signUp(app, 'proto')
    const post = await createPost(app)
    const payloads = [
      JSON.parse(`{"id":"${post.id}","__proto__":{"polluted":true}}`),
      JSON.parse(`{"postId":"${post.id}","liked":true,"__proto__":{"liked":false}}`),
      JSON.parse(`{"postId":"${post.id}","liked":true,"constructor":{"prototype":{"polluted":true}}}`),
      JSON.parse('{"__proto__":{"id":"inherited"}}')
    ]
    const channelsFor: Channel[] = ['posts:get', 'likes:set', 'likes:set', 'posts:get']
    for (const [i, payload] of payloads.entries()) {
      expect(await app.magpie.dispatch(channelsFor[i]!, payload)).toEqual({ ok: false, error: invalid })
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((await app.call('posts:get', { id: post.id })).likeCount).toBe(0)
  })

  it('images over 10 MiB with imageTooLarge, before anything else is looked at', async () => {
    const app = await startApp()
    const tooBig = new Uint8Array(limits.imageMaxBytes + 1)
    tooBig.set(await tinyJpeg())
    const refusal = { ok: false, error: { code: 'imageTooLarge', message: messages.imageTooLarge } }
    expect(
      await app.magpie.dispatch('auth:signUp', { email: 'big@example.com', nickname: '큰', password: 'secret1', passwordConfirm: 'secret1', profileImage: tooBig })
    ).toEqual({ ok: false, error: { ...refusal.error, field: 'profileImage' } })
    await signUp(app, 'big')
    expect(await app.magpie.dispatch('images:add', { requestId: 'r', purpose: 'post', bytes: tooBig })).toEqual(refusal)
    expect(await app.magpie.dispatch('images:add', { requestId: 'r', purpose: 'post', bytes: Buffer.from(tooBig.buffer) })).toEqual(refusal)
    // The size has its own message even when the rest of the payload is off.
    expect(await app.magpie.dispatch('images:add', { requestId: '', purpose: 'banner', bytes: tooBig, extra: 1 })).toEqual(refusal)
    expect((databaseOf(app.store).prepare('SELECT count(*) AS n FROM images').get() as { n: number }).n).toBe(0)
    expect((databaseOf(app.store).prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBe(1)
  })

  it('never throws and never answers with a server error, whatever arrives on any channel', async () => {
    const app = await startApp()
    await signUp(app, 'fuzz')
    await createPost(app)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...channels, 'posts:nope'), fc.anything({ withTypedArray: true, withNullPrototype: true }), async (channel, input) => {
        const result = await app.magpie.dispatch(channel, input)
        if (!result.ok) {
          expect(Object.keys(result.error).sort()).toEqual(result.error.field ? ['code', 'field', 'message'] : ['code', 'message'])
          expect(result.error.code).not.toBe('serverError')
          expect(result.error.message).toBe(messages[result.error.code as MessageKey])
        }
      }),
      { numRuns: 400 }
    )
  })

  // 300 calls through the store: about 4 s on a machine at load 9, past Vitest's 5 s default, so a hang guard of its own.
  it('well-shaped payloads with arbitrary values get a clear answer and leave the store consistent', { timeout: 30_000 }, async () => {
    const app = await startApp()
    await signUp(app, 'fuzz')
    const post = await createPost(app)
    const str = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }))
    const id = fc.oneof(fc.constant(post.id), fc.string({ minLength: 1, maxLength: 100 }))
    const cursor = fc.option(fc.oneof(str, fc.base64String({ maxLength: 80 })), { nil: undefined })
    const layout = fc.constantFrom('Top', 'Right', 'Left', 'Bottom', '')
    const call = fc.oneof(
      fc.record({ channel: fc.constant('posts:feed'), input: fc.record({ cursor, limit: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }) }) }),
      fc.record({ channel: fc.constant('posts:get'), input: fc.record({ id }) }),
      fc.record({ channel: fc.constant('posts:create'), input: fc.record({ uploadId: fc.option(id, { nil: null }), text: str, layout }) }),
      fc.record({ channel: fc.constant('posts:update'), input: fc.record({ id, uploadId: fc.option(id, { nil: undefined }), text: str, layout }) }),
      fc.record({ channel: fc.constant('likes:set'), input: fc.record({ postId: id, liked: fc.boolean() }) }),
      fc.record({ channel: fc.constant('comments:list'), input: fc.record({ postId: id, cursor }) }),
      fc.record({ channel: fc.constant('comments:add'), input: fc.record({ postId: id, text: str }) }),
      fc.record({ channel: fc.constant('comments:delete'), input: fc.record({ id }) }),
      fc.record({ channel: fc.constant('alerts:delete'), input: fc.record({ id }) }),
      fc.record({ channel: fc.constant('auth:login'), input: fc.record({ email: str, password: str }) }),
      fc.record({
        channel: fc.constant('settings:connect'),
        input: fc.record({ apiKey: str, authDomain: str, projectId: str, storageBucket: str, databaseURL: str, appId: str })
      })
    )
    await fc.assert(
      fc.asyncProperty(call, async ({ channel, input }) => {
        const result = await app.magpie.dispatch(channel, input)
        if (!result.ok) {
          expect(result.error.code).not.toBe('serverError')
          expect(result.error.message).toBe(messages[result.error.code as MessageKey])
        }
      }),
      { numRuns: 300 }
    )
    const drift = databaseOf(app.store)
      .prepare(
        `SELECT id FROM posts p WHERE like_count != (SELECT count(*) FROM likes WHERE post_id = p.id)
            OR comment_count != (SELECT count(*) FROM comments WHERE post_id = p.id)`
      )
      .all()
    expect(drift).toEqual([])
  })
})

describe('createDispatcher', () => {
  const handlerThrowing = (error: unknown) =>
    ({ 'posts:get': () => { throw error } }) as unknown as Handlers

  it('turns a refusal into its code and Korean message, and anything unexpected into serverError without details', async () => {
    const afterCall = vi.fn()
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const cases: [unknown, MessageKey][] = [
      [new AppError('notFound'), 'notFound'],
      [new Error('/home/user/secret/path exploded'), 'serverError'],
      [Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }), 'tooManyRequests'],
      [null, 'serverError']
    ]
    for (const [error, code] of cases) {
      const dispatch = createDispatcher(handlerThrowing(error), { currentUserId: () => null, afterCall })
      expect(await dispatch('posts:get', { id: 'x' })).toEqual({ ok: false, error: { code, message: messages[code] } })
    }
    expect(afterCall).toHaveBeenCalledTimes(cases.length)
    expect(afterCall).toHaveBeenCalledWith('posts:get')
    spy.mockRestore()
  })

  it('runs the handler as the current user with the parsed input', async () => {
    const handler = vi.fn((input: unknown, call: unknown) => ({ input, call }))
    const dispatch = createDispatcher({ 'likes:set': handler } as unknown as Handlers, { currentUserId: () => 'user-7', afterCall: () => {} })
    expect(await dispatch('likes:set', { postId: 'p', liked: true })).toEqual({
      ok: true,
      data: { input: { postId: 'p', liked: true }, call: { userId: 'user-7' } }
    })
  })
})
