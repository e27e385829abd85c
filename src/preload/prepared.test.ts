import { describe, expect, it } from 'vitest'
import type { Channel } from '@shared/ipc/channels'
import { prepareCalls, startCalls } from './prepared'

/** main as a list of calls, each answered when the test says. */
function fakeMain() {
  const calls: { channel: Channel; input: unknown; answer(result: unknown): void; fail(error: unknown): void }[] = []
  const invoke = (channel: Channel, input: unknown) =>
    new Promise<unknown>((answer, fail) => {
      calls.push({ channel, input, answer, fail })
    })
  return { calls, invoke }
}

/** A subscription the test fires itself, standing for "main sent an event". */
function fakeEvents() {
  let subscribed: (() => void) | null = null
  let unsubscribed = 0
  return {
    subscribe(drop: () => void) {
      subscribed = drop
      return () => {
        unsubscribed++
        subscribed = null
      }
    },
    fire: () => subscribed?.(),
    get listening() {
      return subscribed !== null
    },
    get unsubscribed() {
      return unsubscribed
    }
  }
}

const ok = (data: unknown) => ({ ok: true, data })
const sessionA = ok({ user: { id: 'a', nickname: 'A' } })
const sessionB = ok({ user: { id: 'b', nickname: 'B' } })
const feedCalls = startCalls('#/')

describe('startCalls', () => {
  it('is the session everywhere, and the first feed page only when the page opens on the feed', () => {
    const feed = [
      { channel: 'auth:session', input: undefined },
      { channel: 'posts:feed', input: { cursor: null } }
    ]
    for (const hash of ['', '#', '#/', '/']) expect(startCalls(hash), hash).toEqual(feed)
    for (const hash of ['#/login', '#/detail/p1', '#/myalert', '#/write/p1', '#//']) {
      expect(startCalls(hash), hash).toEqual([{ channel: 'auth:session', input: undefined }])
    }
  })
})

describe('prepareCalls', () => {
  it('asks main at once, and hands the first identical call main’s answer without asking again', async () => {
    const main = fakeMain()
    const prepared = prepareCalls(feedCalls, main.invoke, fakeEvents().subscribe)
    expect(main.calls.map((c) => [c.channel, c.input])).toEqual([
      ['auth:session', undefined],
      ['posts:feed', { cursor: null }]
    ])
    main.calls[0]!.answer(sessionA)
    main.calls[1]!.answer(ok({ posts: ['p1'] }))
    await expect(prepared.take('auth:session', undefined)).resolves.toEqual(sessionA)
    await expect(prepared.take('posts:feed', { cursor: null })).resolves.toEqual(ok({ posts: ['p1'] }))
    expect(main.calls).toHaveLength(2)
  })

  it('hands over a call still in flight: the renderer gets the answer when main gives it', async () => {
    const main = fakeMain()
    const prepared = prepareCalls(feedCalls, main.invoke, fakeEvents().subscribe)
    const taken = prepared.take('auth:session', undefined)!
    main.calls[0]!.answer(sessionA)
    await expect(taken).resolves.toEqual(sessionA)
    expect(main.calls).toHaveLength(2)
  })

  it('hands each answer over once: the next identical call goes to main', () => {
    const main = fakeMain()
    const prepared = prepareCalls(feedCalls, main.invoke, fakeEvents().subscribe)
    expect(prepared.take('auth:session', undefined)).toBeDefined()
    expect(prepared.take('auth:session', undefined)).toBeUndefined()
    expect(prepared.take('posts:feed', { cursor: null })).toBeDefined()
    expect(prepared.take('posts:feed', { cursor: null })).toBeUndefined()
  })

  it('never hands an answer to a different call', () => {
    const main = fakeMain()
    const prepared = prepareCalls(feedCalls, main.invoke, fakeEvents().subscribe)
    expect(prepared.take('posts:feed', { cursor: 'c1' })).toBeUndefined()
    expect(prepared.take('posts:feed', undefined)).toBeUndefined()
    expect(prepared.take('posts:feed', { cursor: null, extra: 1 })).toBeUndefined()
    expect(prepared.take('auth:session', { cursor: null })).toBeUndefined()
    expect(prepared.take('posts:get', { cursor: null })).toBeUndefined()
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(prepared.take('posts:feed', cyclic)).toBeUndefined()
    // None of those used the prepared answers up.
    expect(prepared.take('posts:feed', { cursor: null })).toBeDefined()
  })

  it('drops every answer not yet taken when main sends an event (a sign-out after the answer was given)', async () => {
    const main = fakeMain()
    const events = fakeEvents()
    const prepared = prepareCalls(feedCalls, main.invoke, events.subscribe)
    main.calls[0]!.answer(sessionA)
    main.calls[1]!.answer(ok({ posts: ['liked by A'] }))
    await Promise.resolve()
    events.fire() // session:changed: A signed out
    expect(prepared.take('auth:session', undefined)).toBeUndefined()
    expect(prepared.take('posts:feed', { cursor: null })).toBeUndefined()
    expect(events.listening).toBe(false)
  })

  it('stops listening once every answer is taken or dropped', () => {
    const events = fakeEvents()
    const prepared = prepareCalls(feedCalls, fakeMain().invoke, events.subscribe)
    prepared.take('auth:session', undefined)
    expect(events.listening).toBe(true)
    prepared.take('posts:feed', { cursor: null })
    expect(events.listening).toBe(false)
    prepared.drop()
    expect(events.unsubscribed).toBe(1)
  })

  it('after a drop (the page has loaded) the calls go to main', () => {
    const main = fakeMain()
    const prepared = prepareCalls(feedCalls, main.invoke, fakeEvents().subscribe)
    prepared.drop()
    expect(prepared.take('auth:session', undefined)).toBeUndefined()
    expect(prepared.take('posts:feed', { cursor: null })).toBeUndefined()
  })

  it('asks main again when the prepared answer was a refusal or the call failed', async () => {
    const main = fakeMain()
    const prepared = prepareCalls(feedCalls, main.invoke, fakeEvents().subscribe)
    const session = prepared.take('auth:session', undefined)!
    const feed = prepared.take('posts:feed', { cursor: null })!
    main.calls[0]!.answer({ ok: false, error: { code: 'networkError', message: '…' } })
    main.calls[1]!.fail(new Error('gone'))
    await new Promise((resolve) => setTimeout(resolve))
    expect(main.calls.slice(2).map((c) => [c.channel, c.input])).toEqual([
      ['auth:session', undefined],
      ['posts:feed', { cursor: null }]
    ])
    main.calls[2]!.answer(sessionB)
    main.calls[3]!.answer(ok({ posts: [] }))
    await expect(session).resolves.toEqual(sessionB)
    await expect(feed).resolves.toEqual(ok({ posts: [] }))
  })

  it('an answer never taken that fails raises nothing', async () => {
    const main = fakeMain()
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      prepareCalls(feedCalls, main.invoke, fakeEvents().subscribe)
      main.calls[0]!.fail(new Error('gone'))
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
