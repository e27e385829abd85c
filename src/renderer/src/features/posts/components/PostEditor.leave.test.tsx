// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { HashRouter, Link, Route, Routes, useParams } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import type { DraftView } from '@shared/types'
import { queryKeys } from '@/shared/lib/query-keys'
import { holdLeaveGuard, keepUnasked, leaveThen } from '@/shared/lib/leave-guard'
import { CurrentPath, installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { PostEditor } from './PostEditor'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }))
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  toast.success.mockClear()
  toast.error.mockClear()
})

function Editor() {
  const { postId = 'new' } = useParams()
  return <PostEditor key={postId} postId={postId} />
}

/** A top bar with a link, the editor, and the other screens as their paths. */
function Screens() {
  return (
    <>
      <nav>
        <Link to="/">홈</Link>
      </nav>
      <Routes>
        <Route path="/write/:postId" element={<Editor />} />
        <Route path="*" element={<Link to="/write/new">글쓰기</Link>} />
      </Routes>
      <CurrentPath />
    </>
  )
}

const text = () => screen.getByLabelText<HTMLTextAreaElement>('글 내용', { selector: 'textarea' })
const path = () => screen.getByTestId('path').textContent
const question = () => screen.findByRole('alertdialog', { name: messages.leaveNewPostQuestion })
const saves = (calls: { channel: string; input: unknown }[]) => calls.filter((c) => c.channel === 'drafts:save')
const savedDraft = (input: unknown): DraftView => ({ ...(input as Omit<DraftView, 'id' | 'updatedAt' | 'photos'>), id: 'draft-1', photos: [], updatedAt: 1 })

describe('leaving the editor with unsaved writing', () => {
  it('취소 asks with three answers, 계속 쓰기 first; 계속 쓰기 (and Escape) stays and gives the focus back', async () => {
    installFakeMagpie({ 'drafts:list': () => ok([]) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '쓰던 글' } })
    const cancel = screen.getByRole('button', { name: '취소' })
    cancel.focus()
    fireEvent.click(cancel)
    const dialog = await question()
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['임시 저장', '저장하지 않고 나가기', '계속 쓰기'])
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '계속 쓰기' })))
    fireEvent.click(within(dialog).getByRole('button', { name: '계속 쓰기' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(path()).toBe('/write/new')
    expect(text().value).toBe('쓰던 글')
    expect(document.activeElement).toBe(cancel)

    fireEvent.click(cancel)
    fireEvent.keyDown(await question(), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(path()).toBe('/write/new')
    expect(document.activeElement).toBe(cancel)
  })

  it('임시 저장 saves the writing as a draft and goes where the person was going (a link in the top bar)', async () => {
    const fake = installFakeMagpie({ 'drafts:list': () => ok([]), 'drafts:save': (input) => ok(savedDraft(input)) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '나중에 마저 쓸 글' } })
    fireEvent.click(screen.getByRole('link', { name: '홈' }))
    fireEvent.click(within(await question()).getByRole('button', { name: '임시 저장' }))
    await waitFor(() => expect(path()).toBe('/'))
    expect(saves(fake.calls)).toEqual([{ channel: 'drafts:save', input: { id: null, text: '나중에 마저 쓸 글', layout: 'Top', photos: [] } }])
    expect(toast.success).toHaveBeenCalledWith(messages.draftSaved)
    // The editor's own copy went to the list: a new post starts empty.
    fireEvent.click(screen.getByRole('link', { name: '글쓰기' }))
    expect(text().value).toBe('')
  })

  it('a failed 임시 저장 says why and stays, with the writing', async () => {
    installFakeMagpie({ 'drafts:list': () => ok([]), 'drafts:save': () => ({ ok: false, error: { code: 'draftsTooMany', message: messages.draftsTooMany } }) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '스물한 번째' } })
    fireEvent.click(screen.getByRole('link', { name: '홈' }))
    fireEvent.click(within(await question()).getByRole('button', { name: '임시 저장' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.draftsTooMany))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(path()).toBe('/write/new')
    expect(text().value).toBe('스물한 번째')
  })

  it('저장하지 않고 나가기 leaves and drops the writing, saving nothing; Escape in the editor asks like 취소', async () => {
    const fake = installFakeMagpie({ 'drafts:list': () => ok([]) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '버릴 글' } })
    fireEvent.keyDown(text(), { key: 'Escape' })
    fireEvent.click(within(await question()).getByRole('button', { name: '저장하지 않고 나가기' }))
    await waitFor(() => expect(path()).toBe('/'))
    expect(saves(fake.calls)).toEqual([])
    fireEvent.click(screen.getByRole('link', { name: '글쓰기' }))
    expect(text().value).toBe('')
  })

  it('asks nothing when nothing changed, or when the writing is the saved draft as it was', async () => {
    installFakeMagpie({ 'drafts:list': () => ok([{ id: 'draft-1', text: '저장된 글', layout: 'Top', photos: [], updatedAt: 1 }]) })
    // The editor holds 임시 저장한 글 draft-1, opened from the list and not changed since.
    sessionStorage.setItem(`magpie:editor-drafts:${JSON.stringify(['me', 'new'])}`, JSON.stringify({ text: '저장된 글', layout: 'Top', photos: [], draftId: 'draft-1' }))
    const { client } = renderWithApp(<Screens />, { session: me, route: '/write/new' })
    await waitFor(() => expect(client.getQueryData(queryKeys.drafts)).toHaveLength(1))
    expect(text().value).toBe('저장된 글')
    fireEvent.click(screen.getByRole('link', { name: '홈' }))
    expect(path()).toBe('/')
    expect(screen.queryByRole('alertdialog')).toBeNull()

    // Changed since: now it asks.
    fireEvent.click(screen.getByRole('link', { name: '글쓰기' }))
    fireEvent.change(text(), { target: { value: '저장된 글에 더 쓴 글' } })
    fireEvent.click(screen.getByRole('link', { name: '홈' }))
    expect(await question()).toBeTruthy()
  })

  it('an empty editor, or one holding only spaces, is left by a link at once', () => {
    installFakeMagpie({ 'drafts:list': () => ok([]) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '   \n ' } })
    fireEvent.click(screen.getByRole('link', { name: '홈' }))
    expect(path()).toBe('/')
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('a tray or Jump List task (LiveUpdates passes app:navigate through leaveThen) asks first, and goes once left', async () => {
    installFakeMagpie({ 'drafts:list': () => ok([]) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '쓰던 글' } })
    const went = vi.fn()
    act(() => leaveThen(went))
    fireEvent.click(within(await question()).getByRole('button', { name: '계속 쓰기' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(went).not.toHaveBeenCalled()

    act(() => leaveThen(went))
    fireEvent.click(within(await question()).getByRole('button', { name: '저장하지 않고 나가기' }))
    expect(went).toHaveBeenCalledTimes(1)
  })

  it('quitting (LiveUpdates passes app:quitRequested through leaveThen) asks with the same prompt: 계속 쓰기 stays, 임시 저장 saves and then quits', async () => {
    const fake = installFakeMagpie({ 'drafts:list': () => ok([]), 'drafts:save': (input) => ok(savedDraft(input)) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    fireEvent.change(text(), { target: { value: '끝내기 전에 쓰던 글' } })
    const quit = vi.fn()
    let asked = false
    act(() => {
      asked = leaveThen(quit)
    })
    // It says it asked, so LiveUpdates tells main to show the window.
    expect(asked).toBe(true)
    fireEvent.click(within(await question()).getByRole('button', { name: '계속 쓰기' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(quit).not.toHaveBeenCalled()
    expect(text().value).toBe('끝내기 전에 쓰던 글')

    act(() => void leaveThen(quit))
    fireEvent.click(within(await question()).getByRole('button', { name: '임시 저장' }))
    await waitFor(() => expect(quit).toHaveBeenCalledTimes(1))
    expect(saves(fake.calls)).toEqual([{ channel: 'drafts:save', input: { id: null, text: '끝내기 전에 쓰던 글', layout: 'Top', photos: [] } }])
  })

  it('the OS ending the session (keepUnasked) keeps a new post\'s writing as a 임시 저장 글 without asking; nothing to keep, nothing saved', async () => {
    const fake = installFakeMagpie({ 'drafts:list': () => ok([]), 'drafts:save': (input) => ok(savedDraft(input)) })
    renderWithApp(<Screens />, { session: me, route: '/write/new' })
    act(() => keepUnasked())
    expect(saves(fake.calls)).toEqual([])
    fireEvent.change(text(), { target: { value: '로그오프 직전의 글' } })
    act(() => keepUnasked())
    await waitFor(() => expect(saves(fake.calls)).toEqual([{ channel: 'drafts:save', input: { id: null, text: '로그오프 직전의 글', layout: 'Top', photos: [] } }]))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('leaveThen goes at once when no screen holds the guard, and a released guard asks no more', () => {
    const ask = vi.fn(() => true)
    const release = holdLeaveGuard(ask)
    const went = vi.fn()
    leaveThen(went)
    expect(ask).toHaveBeenCalledWith(went)
    release()
    leaveThen(went)
    expect(went).toHaveBeenCalledTimes(1)
  })
})

/** The app's own router: a hash history, where back and forward come as popstate. */
function renderInHashRouter(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(queryKeys.session, me)
  return render(
    <QueryClientProvider client={client}>
      <JotaiProvider store={createStore()}>
        <HashRouter>{ui}</HashRouter>
      </JotaiProvider>
    </QueryClientProvider>
  )
}

describe('the history’s back while writing (hash router)', () => {
  it('asks; 계속 쓰기 keeps the editor and its address, 저장하지 않고 나가기 goes back', async () => {
    installFakeMagpie({ 'drafts:list': () => ok([]) })
    window.history.replaceState(null, '', '#/')
    renderInHashRouter(<Screens />)
    fireEvent.click(screen.getByRole('link', { name: '글쓰기' }))
    fireEvent.change(text(), { target: { value: '쓰던 글' } })

    act(() => window.history.back())
    fireEvent.click(within(await question()).getByRole('button', { name: '계속 쓰기' }))
    await waitFor(() => expect(window.location.hash).toBe('#/write/new'))
    expect(path()).toBe('/write/new')
    expect(text().value).toBe('쓰던 글')

    act(() => window.history.back())
    fireEvent.click(within(await question()).getByRole('button', { name: '저장하지 않고 나가기' }))
    await waitFor(() => expect(path()).toBe('/'))
    expect(window.location.hash).toBe('#/')
  })
})
