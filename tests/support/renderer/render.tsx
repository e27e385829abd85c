import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import type { MagpieApi } from '@shared/ipc/contract'
import type { PostView, SessionView, ShellView } from '@shared/types'
import { queryKeys } from '@/shared/lib/query-keys'

type Calls = { channel: string; input: unknown }[]

/** What every screen may ask without the test caring: the layout and 설정 read the shell's view. */
const defaultAnswers: Record<string, (input: unknown) => unknown> = {
  'app:shell': () => ok(sampleShell()),
  'posts:photoRules': () => ok({ requireAltText: false })
}

/**
 * A fake window.magpie for renderer unit tests: answers are given per channel, every
 * call is recorded, and events can be pushed as main would. It stands for a new window:
 * nothing the last test kept in sessionStorage (drafts) is there.
 */
export function installFakeMagpie(answers: Record<string, (input: unknown) => unknown>) {
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear()
  const calls: Calls = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const api = new Proxy(
    {},
    {
      get(_target, namespace: string) {
        if (namespace === 'on') {
          return (event: string, listener: (payload: unknown) => void) => {
            if (!listeners.has(event)) listeners.set(event, new Set())
            listeners.get(event)!.add(listener)
            return () => listeners.get(event)!.delete(listener)
          }
        }
        return new Proxy(
          {},
          {
            get(_t, method: string) {
              return async (input: unknown) => {
                const channel = `${namespace}:${method}`
                calls.push({ channel, input })
                // Read at each call: a test may change its answers as it goes.
                const answer = answers[channel] ?? defaultAnswers[channel]
                return answer ? answer(input) : { ok: false, error: { code: 'serverError', message: 'no fake answer' } }
              }
            }
          }
        )
      }
    }
  )
  Object.defineProperty(window, 'magpie', { value: api as MagpieApi, configurable: true })
  return {
    calls,
    emit(event: string, payload: unknown) {
      listeners.get(event)?.forEach((listener) => listener(payload))
    }
  }
}

/**
 * Renders `ui` as the app would: a fresh query cache with the session (and posts) given,
 * a fresh jotai store, and a memory router starting at `route`.
 */
export function renderWithApp(ui: ReactNode, options: { session?: SessionView; posts?: PostView[]; route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const store = createStore()
  client.setQueryData(queryKeys.session, options.session ?? { user: null })
  for (const post of options.posts ?? []) client.setQueryData(queryKeys.post(post.id), post)
  return {
    client,
    store,
    ...render(
      <QueryClientProvider client={client}>
        <JotaiProvider store={store}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
        </JotaiProvider>
      </QueryClientProvider>
    )
  }
}

/** Shows the router's current path, for tests that check where a screen went. */
export function CurrentPath() {
  const { pathname } = useLocation()
  return <output data-testid="path">{pathname}</output>
}

/** A main answer that is not given until the test says so. */
export function deferred<T = unknown>() {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

export const ok = (data: unknown) => ({ ok: true, data })
export const fail = (code: string, message: string) => ({ ok: false, error: { code, message } })

/** What main's app:shell answers for a copy that updates itself and has checked nothing yet. */
export function sampleShell(overrides: Partial<ShellView> = {}): ShellView {
  return { version: '0.1.0', autoUpdate: true, openAtLogin: false, updateChannel: 'stable', update: { state: 'idle', checkedAt: null }, ...overrides }
}

export function samplePost(overrides: Partial<PostView> = {}): PostView {
  return {
    id: 'post-1',
    author: { id: 'author', nickname: '작성자', avatar: null },
    text: '오늘의 소식',
    layout: 'Top',
    photos: [{ image: { id: 'img', width: 1600, height: 900, placeholder: '', variants: [{ width: 320, url: '/media/a.webp' }] }, alt: '' }],
    createdAt: Date.UTC(2026, 10, 22, 5, 0),
    updatedAt: Date.UTC(2026, 10, 22, 5, 0),
    edited: false,
    likeCount: 2,
    likedByMe: false,
    commentCount: 0,
    mine: false,
    ...overrides
  }
}
