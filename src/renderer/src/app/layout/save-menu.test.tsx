// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PostView } from '@shared/types'
import { PostCard } from '@/features/posts/components/PostCard'
import { SaveShortcut } from '@/features/saved/components/SaveShortcut'
import { useSaveMenuItem } from '@/features/saved/components/save-item'
import { PostMenuExtraProvider } from '@/shared/lib/post-menu-extra'
import { deferred, fail, installFakeMagpie, ok, renderWithApp, samplePost } from '@tests/support/renderer/render'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }

/** A card as the app shows it: 저장 joined into its ⋯ menu, and the key listening (AppLayout). */
function Card({ post, pagePostId = null }: { post: PostView; pagePostId?: string | null }) {
  return (
    <PostMenuExtraProvider value={useSaveMenuItem}>
      <PostCard post={post} position={1} setSize={1} />
      <textarea aria-label="댓글" />
      <SaveShortcut pagePostId={pagePostId} />
    </PostMenuExtraProvider>
  )
}

const openMenu = async () => {
  fireEvent.click(screen.getByTestId('post-menu'))
  return within(await screen.findByRole('menu'))
}
const itemNames = (menu: ReturnType<typeof within>) => menu.getAllByRole('menuitem').map((item: HTMLElement) => item.firstChild?.textContent)

afterEach(() => {
  cleanup()
  toast.mockClear()
  toast.error.mockClear()
  toast.success.mockClear()
})

describe('저장 in the ⋯ menu (decision 038)', () => {
  it('is in the menu of another’s post, beside 링크 복사, with its key; one’s own post keeps 수정 and 삭제 first', async () => {
    installFakeMagpie({ 'saved:ids': () => ok({ ids: [] }) })
    const { unmount } = renderWithApp(<Card post={samplePost()} />, { session: me })
    const menu = await openMenu()
    await vi.waitFor(() => expect(itemNames(menu)).toEqual(['저장', '링크 복사']))
    expect(menu.getByRole('menuitem', { name: /저장/ }).getAttribute('aria-keyshortcuts')).toMatch(/^(Control|Meta)\+S$/)
    unmount()
    renderWithApp(<Card post={samplePost({ mine: true })} />, { session: me })
    expect(itemNames(await openMenu())).toEqual(['수정', '삭제', '저장', '링크 복사'])
  })

  it('saves at once, before main answers, says so, and then offers 저장 취소', async () => {
    const answer = deferred()
    const fake = installFakeMagpie({ 'saved:ids': () => ok({ ids: [] }), 'saved:set': () => answer.promise })
    renderWithApp(<Card post={samplePost()} />, { session: me })
    await vi.waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('saved:ids'))
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: /저장/ }))
    // The menu closes and the focus goes back to its button.
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(screen.getByTestId('post-menu'))
    // Main has not answered yet: the menu already offers to undo it.
    const menu = await openMenu()
    await vi.waitFor(() => expect(itemNames(menu)[0]).toBe('저장 취소'))
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' })
    await act(async () => answer.resolve(ok({ ids: ['post-1'] })))
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('글을 저장했어요. 저장한 글에서 다시 볼 수 있어요'))
    expect(fake.calls.filter((c) => c.channel === 'saved:set')).toEqual([{ channel: 'saved:set', input: { postId: 'post-1', saved: true } }])
    expect(itemNames(await openMenu())[0]).toBe('저장 취소')
  })

  it('a refusal puts 저장 back and says why in Korean', async () => {
    installFakeMagpie({
      'saved:ids': () => ok({ ids: [] }),
      'saved:set': () => fail('savedTooMany', '저장한 글은 1,000개까지예요. 다 읽은 글의 저장을 취소해 주세요')
    })
    renderWithApp(<Card post={samplePost()} />, { session: me })
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: /저장/ }))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('저장한 글은 1,000개까지예요. 다 읽은 글의 저장을 취소해 주세요'))
    expect(itemNames(await openMenu())[0]).toBe('저장')
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('signed out, 저장 says to log in first and sends nothing', async () => {
    const fake = installFakeMagpie({})
    renderWithApp(<Card post={samplePost()} />)
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: /저장/ }))
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('글을 저장하려면 먼저 로그인해 주세요'))
    expect(fake.calls.filter((c) => c.channel.startsWith('saved:'))).toEqual([])
  })
})

describe('저장’s key, Ctrl/Cmd+S', () => {
  const press = (target: Element) => fireEvent.keyDown(target, { key: 's', ctrlKey: true })

  it('saves the focused card’s post, and unsaves it on the next press', async () => {
    const fake = installFakeMagpie({
      'saved:ids': () => ok({ ids: [] }),
      'saved:set': (input) => ok({ ids: (input as { saved: boolean }).saved ? ['post-1'] : [] })
    })
    renderWithApp(<Card post={samplePost()} />, { session: me })
    await vi.waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('saved:ids'))
    const card = screen.getByTestId('post-card')
    card.focus()
    press(card)
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('글을 저장했어요. 저장한 글에서 다시 볼 수 있어요'))
    press(card)
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('저장을 취소했어요'))
    expect(fake.calls.filter((c) => c.channel === 'saved:set').map((c) => c.input)).toEqual([
      { postId: 'post-1', saved: true },
      { postId: 'post-1', saved: false }
    ])
  })

  it('on a post’s page saves that post; typing in a field keeps the key to the field', async () => {
    const fake = installFakeMagpie({ 'saved:ids': () => ok({ ids: [] }), 'saved:set': () => ok({ ids: ['post-9'] }) })
    renderWithApp(<Card post={samplePost()} pagePostId="post-9" />, { session: me })
    await vi.waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('saved:ids'))
    const field = screen.getByRole('textbox', { name: '댓글' })
    field.focus()
    press(field)
    press(document.body)
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1))
    expect(fake.calls.filter((c) => c.channel === 'saved:set').map((c) => c.input)).toEqual([{ postId: 'post-9', saved: true }])
  })
})
