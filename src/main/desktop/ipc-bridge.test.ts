import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { WebFrameMain } from 'electron'
import { channels, events } from '@shared/ipc/channels'
import type { MagpieApi } from '@shared/ipc/contract'
import { messages } from '@shared/messages'
import type { Dispatch } from '../ipc/dispatch'
import {
  electronRecording,
  FakeBrowserWindow,
  FakeWebContents,
  FakeWebFrameMain,
  invokeIpc,
  resetElectron
} from '../../../tests/support/electron-double'
import { registerIpc, sendEvent } from './ipc-bridge'

const appUrl = pathToFileURL(join(tmpdir(), 'magpie', 'out', 'renderer', 'index.html')).toString()
const refusal = { ok: false, error: { code: 'invalidRequest', message: messages.invalidRequest } }

/** The app window, its page loaded, and registerIpc trusting its main frame. */
function register() {
  const window = new FakeBrowserWindow()
  void window.loadURL(appUrl)
  const dispatch = vi.fn(async (channel: unknown, input: unknown) => ({ ok: true as const, data: { channel, input } }))
  registerIpc(dispatch as unknown as Dispatch, () => window.webContents.mainFrame as unknown as WebFrameMain)
  return { dispatch, window, appFrame: window.webContents.mainFrame }
}

beforeEach(() => resetElectron())

describe('registerIpc', () => {
  it('registers a handler for every channel of the contract and nothing else', () => {
    register()
    expect([...electronRecording.ipcHandlers.keys()].sort()).toEqual([...channels].sort())
  })

  it('passes a call from the app window’s main frame to dispatch, with its channel and input', async () => {
    const { dispatch, appFrame } = register()
    for (const channel of channels) {
      const input = { probe: channel }
      expect(await invokeIpc(channel, appFrame, input)).toEqual({ ok: true, data: { channel, input } })
    }
    expect(dispatch).toHaveBeenCalledTimes(channels.length)
  })

  it('trusts the frame, not its URL: a Windows drive letter spelled differently is still the app page', async () => {
    const { dispatch, appFrame } = register()
    // Chromium reports file:///C:/…, Node's pathToFileURL file:///c:/… — neither matters any more.
    appFrame.url = 'file:///C:/Program%20Files/Magpie/resources/app.asar/out/renderer/index.html#/home'
    expect(await invokeIpc('posts:feed', appFrame, {})).toMatchObject({ ok: true })
    // The same RenderFrameHost reached through another wrapper object is the same frame.
    const sameHost = new FakeWebFrameMain(appUrl, null, { processId: appFrame.processId, routingId: appFrame.routingId })
    expect(await invokeIpc('posts:feed', sameHost, {})).toMatchObject({ ok: true })
    expect(dispatch).toHaveBeenCalledTimes(2)
  })

  it.each([
    ['another window showing the very same page', () => {
      const other = new FakeBrowserWindow()
      void other.loadURL(appUrl)
      return other.webContents.mainFrame
    }],
    ['a web page', () => new FakeWebFrameMain('https://evil.example/')],
    ['a subframe of the app page', (app: FakeWebFrameMain) => app.child(appUrl)],
    ['a frame in the app’s process with another routing id', (app: FakeWebFrameMain) =>
      new FakeWebFrameMain(appUrl, null, { processId: app.processId, routingId: app.routingId + 1000 })],
    ['a detached frame (replaced by a navigation)', (app: FakeWebFrameMain) => {
      const old = new FakeWebFrameMain(appUrl, null, { processId: app.processId, routingId: app.routingId })
      old.detached = true
      return old
    }],
    ['a destroyed sender frame', (app: FakeWebFrameMain) => {
      const gone = new FakeWebFrameMain(appUrl, null, { processId: app.processId, routingId: app.routingId })
      gone.destroyed = true
      return gone
    }],
    ['no sender frame (Electron gives null once it is gone)', () => null]
  ])('refuses a call from %s without dispatching it', async (_name, sender: (app: FakeWebFrameMain) => FakeWebFrameMain | null) => {
    const { dispatch, appFrame } = register()
    const frame = sender(appFrame)
    for (const channel of ['auth:login', 'posts:create', 'alerts:clear']) {
      expect(await invokeIpc(channel, frame, { email: 'a@b.c', password: 'secret1' })).toEqual(refusal)
    }
    expect(dispatch).not.toHaveBeenCalled()
  })

  it('refuses everything while there is no app window, or once it is closed', async () => {
    let window: FakeBrowserWindow | null = null
    const dispatch = vi.fn(async () => ({ ok: true as const, data: null }))
    registerIpc(dispatch as unknown as Dispatch, () =>
      window && !window.isDestroyed() ? (window.webContents.mainFrame as unknown as WebFrameMain) : null
    )
    const early = new FakeWebFrameMain(appUrl)
    expect(await invokeIpc('posts:feed', early, {})).toEqual(refusal)
    window = new FakeBrowserWindow()
    const frame = window.webContents.mainFrame
    expect(await invokeIpc('posts:feed', frame, {})).toEqual({ ok: true, data: null })
    window.destroy()
    expect(await invokeIpc('posts:feed', frame, {})).toEqual(refusal)
    expect(dispatch).toHaveBeenCalledTimes(1)
  })
})

describe('sendEvent', () => {
  it('sends to live contents and drops events for a missing or destroyed window', () => {
    const contents = new FakeWebContents()
    sendEvent(contents as never, 'alerts:changed', { count: 1 })
    sendEvent(undefined, 'alerts:changed', { count: 2 })
    contents.destroyed = true
    sendEvent(contents as never, 'alerts:changed', { count: 3 })
    expect(contents.sent).toEqual([{ channel: 'alerts:changed', args: [{ count: 1 }] }])
  })
})

describe('preload', () => {
  /** The page the preload runs in: its location, and a document that can announce it has loaded. */
  let page: { hash: string; document: EventTarget }

  beforeEach(() => {
    page = { hash: '#/login', document: new EventTarget() }
    vi.stubGlobal('location', { get hash() { return page.hash } })
    vi.stubGlobal('document', page.document)
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  /** A fresh preload run, with the instance of the double it imported. */
  async function loadPreload() {
    vi.resetModules()
    const double = await import('../../../tests/support/electron-double')
    double.resetElectron()
    await import('../../preload/index')
    expect(double.electronRecording.exposedInMainWorld).toHaveLength(1)
    const [{ key, api }] = double.electronRecording.exposedInMainWorld as [{ key: string; api: unknown }]
    expect(key).toBe('magpie')
    return { api: api as MagpieApi, double }
  }

  it('exposes window.magpie with exactly one method per channel plus on, and never ipcRenderer', async () => {
    const { api, double } = await loadPreload()
    const exposed: string[] = []
    for (const [namespace, value] of Object.entries(api)) {
      if (namespace === 'on') {
        expect(typeof value).toBe('function')
        continue
      }
      expect(typeof value, namespace).toBe('object')
      for (const [method, fn] of Object.entries(value as Record<string, unknown>)) {
        expect(typeof fn, `${namespace}.${method}`).toBe('function')
        exposed.push(`${namespace}:${method}`)
      }
    }
    expect(exposed.sort()).toEqual([...channels].sort())
    expect(Object.keys(api).sort()).toEqual([...new Set(channels.map((c) => c.split(':')[0]!)), 'on'].sort())
    expect(Object.isFrozen(api)).toBe(true)

    // Nothing reachable from the API is ipcRenderer, contextBridge or one of their functions.
    const forbidden = new Set<unknown>([double.ipcRenderer, double.contextBridge, ...Object.values(double.ipcRenderer)])
    const seen = new Set<unknown>()
    const walk = (value: unknown): void => {
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return
      seen.add(value)
      expect(forbidden.has(value)).toBe(false)
      for (const key of Reflect.ownKeys(value)) {
        const descriptor = Object.getOwnPropertyDescriptor(value, key)
        if (descriptor && 'value' in descriptor && key !== 'prototype') walk(descriptor.value)
      }
    }
    walk(api)
  })

  it('each method invokes its own channel with the input and returns main’s answer', async () => {
    const { api: magpie, double } = await loadPreload()
    const api = magpie as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>
    // Off the feed, the preload's one start call is the session's.
    expect(double.electronRecording.invoked).toEqual([{ channel: 'auth:session', input: undefined }])
    double.electronRecording.invoked.length = 0
    double.electronRecording.config.invokeResult = { ok: true, data: 'answer' }
    for (const channel of channels) {
      const [namespace, method] = channel.split(':') as [string, string]
      expect(await api[namespace]![method]!({ probe: channel })).toEqual({ ok: true, data: 'answer' })
    }
    expect(double.electronRecording.invoked).toEqual(channels.map((channel) => ({ channel, input: { probe: channel } })))
  })

  it('on subscribes to a listed event, passes only the payload, and unsubscribes', async () => {
    const { api, double } = await loadPreload()
    page.document.dispatchEvent(new Event('DOMContentLoaded'))
    await new Promise((resolve) => setTimeout(resolve))
    for (const event of events) {
      const received: unknown[] = []
      const off = api.on(event, (payload: unknown) => received.push(payload))
      double.sendToRenderer(event, { n: 1 })
      off()
      double.sendToRenderer(event, { n: 2 })
      expect(received, event).toEqual([{ n: 1 }])
      // The preload's one listener per event relays to the page's: subscribing adds none to ipcRenderer.
      expect(double.electronRecording.rendererListeners.get(event)?.size).toBe(1)
    }
  })

  it('an event main sent before the page listened (a cold start\'s deep link) reaches the page\'s first listener', async () => {
    const { api, double } = await loadPreload()
    double.sendToRenderer('app:navigate', { route: '/detail/p1' })
    const received: unknown[] = []
    api.on('app:navigate', (payload: unknown) => received.push(payload))
    expect(received).toEqual([{ route: '/detail/p1' }])
  })

  it('on refuses an event name that is not in the list', async () => {
    const { api, double } = await loadPreload()
    // The preload's own listeners (start calls: dropped on any event) are the only ones.
    expect([...double.electronRecording.rendererListeners.keys()].sort()).toEqual([...events].sort())
    const listening = () => [...double.electronRecording.rendererListeners.values()].map((set) => set.size)
    const before = listening()
    for (const name of ['auth:login', 'ipc:anything', '__proto__', '', 'session:changed ']) {
      expect(() => (api.on as (event: string, listener: () => void) => () => void)(name, () => {})).toThrow(/unknown event/)
    }
    expect([...double.electronRecording.rendererListeners.keys()].sort()).toEqual([...events].sort())
    expect(listening()).toEqual(before)
  })

  describe('start calls', () => {
    type Api = Record<string, Record<string, (input?: unknown) => Promise<unknown>>>
    const session = { ok: true, data: { user: { id: 'a', nickname: 'A', avatar: null } } }

    it('on the feed, asks main for the session and the first page before the page’s scripts run, and answers the page’s first identical calls with them', async () => {
      page.hash = ''
      const { api: magpie, double } = await loadPreload()
      const api = magpie as unknown as Api
      expect(double.electronRecording.invoked).toEqual([
        { channel: 'auth:session', input: undefined },
        { channel: 'posts:feed', input: { cursor: null } }
      ])
      expect(await api.auth!.session!()).toEqual({ ok: true, data: null })
      expect(await api.posts!.feed!({ cursor: null })).toEqual({ ok: true, data: null })
      expect(double.electronRecording.invoked).toHaveLength(2)
      // Once each: the next identical calls go to main.
      double.electronRecording.config.invokeResult = session
      expect(await api.auth!.session!()).toEqual(session)
      await api.posts!.feed!({ cursor: null })
      expect(double.electronRecording.invoked.map((c) => c.channel)).toEqual(['auth:session', 'posts:feed', 'auth:session', 'posts:feed'])
      // Their listeners are gone with them: one per event is left, the relay's to the page.
      expect([...double.electronRecording.rendererListeners.values()].every((set) => set.size === 1)).toBe(true)
    })

    it('off the feed, the first page is not asked for', async () => {
      page.hash = '#/detail/p1'
      const { double } = await loadPreload()
      expect(double.electronRecording.invoked).toEqual([{ channel: 'auth:session', input: undefined }])
    })

    it.each(events)('an event from main (%s) before the page asks drops the prepared answers: the page’s calls go to main', async (event) => {
      page.hash = '#/'
      const { api: magpie, double } = await loadPreload()
      const api = magpie as unknown as Api
      double.sendToRenderer(event, {})
      double.electronRecording.config.invokeResult = session
      expect(await api.auth!.session!()).toEqual(session)
      await api.posts!.feed!({ cursor: null })
      expect(double.electronRecording.invoked.map((c) => c.channel)).toEqual(['auth:session', 'posts:feed', 'auth:session', 'posts:feed'])
    })

    it('once the document has loaded, what the page did not take is dropped', async () => {
      page.hash = '#/'
      const { api: magpie, double } = await loadPreload()
      const api = magpie as unknown as Api
      await api.auth!.session!()
      page.document.dispatchEvent(new Event('DOMContentLoaded'))
      await new Promise((resolve) => setTimeout(resolve))
      await api.posts!.feed!({ cursor: null })
      expect(double.electronRecording.invoked.map((c) => c.channel)).toEqual(['auth:session', 'posts:feed', 'posts:feed'])
      expect([...double.electronRecording.rendererListeners.values()].every((set) => set.size === 1)).toBe(true)
    })
  })
})
