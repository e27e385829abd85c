// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CommentPage, CommentView } from '@shared/types'
import { applySession } from '@/shared/lib/session'
import { fail, installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { CommentSection } from './CommentSection'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }
const other = { user: { id: 'other', nickname: '남', avatar: null, email: 'other@example.com' } }

const comment = (overrides: Partial<CommentView> = {}): CommentView => ({
  id: 'c1',
  postId: 'post-1',
  author: { id: 'me', nickname: '나', avatar: null },
  text: '좋은 글이에요',
  createdAt: Date.UTC(2026, 10, 22, 6, 0),
  mine: true,
  ...overrides
})
const page = (...comments: CommentView[]): CommentPage => ({ comments, nextCursor: null })

afterEach(() => {
  cleanup()
  toast.mockClear()
  toast.success.mockClear()
  toast.error.mockClear()
})

/** The post's screen, which the reader can leave (for the login form, say) and come back to. */
function Screen() {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        {open ? '떠나기' : '돌아오기'}
      </button>
      {open && <CommentSection postId="post-1" />}
    </>
  )
}

const box = () => screen.getByLabelText<HTMLTextAreaElement>('댓글을 남겨 주세요')

describe('CommentSection', () => {
  it('a failed load says why and loads again on 다시 시도', async () => {
    let failing = true
    installFakeMagpie({ 'comments:list': () => (failing ? fail('serverError', '문제가 생겼어요. 잠시 후 다시 시도해 주세요') : ok(page(comment()))) })
    renderWithApp(<CommentSection postId="post-1" />, { session: me })
    expect((await screen.findByRole('alert')).textContent).toContain('문제가 생겼어요. 잠시 후 다시 시도해 주세요')
    failing = false
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }))
    await screen.findByText('좋은 글이에요')
    expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull()
  })

  it('names the delete button of one’s own comment', async () => {
    installFakeMagpie({ 'comments:list': () => ok(page(comment(), comment({ id: 'c2', mine: false, text: '남의 댓글' }))) })
    renderWithApp(<CommentSection postId="post-1" />, { session: me })
    await screen.findByText('남의 댓글')
    expect(screen.getAllByRole('button', { name: '댓글 삭제' })).toHaveLength(1)
  })

  it('keeps a comment typed logged out through the login, then sends it and lets it go', async () => {
    const fake = installFakeMagpie({ 'comments:list': () => ok(page()), 'comments:add': () => ok(comment({ text: '로그인 전에 쓴 댓글' })) })
    const { client } = renderWithApp(<Screen />)
    await waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('comments:list'))
    fireEvent.change(box(), { target: { value: '로그인 전에 쓴 댓글' } })
    fireEvent.click(screen.getByRole('button', { name: '등록' }))
    await waitFor(() => expect(toast).toHaveBeenCalledWith('댓글을 남기려면 먼저 로그인해 주세요'))

    // Off to the login form, signed in, and back on the post.
    fireEvent.click(screen.getByRole('button', { name: '떠나기' }))
    act(() => applySession(client, me))
    fireEvent.click(screen.getByRole('button', { name: '돌아오기' }))
    expect(box().value).toBe('로그인 전에 쓴 댓글')

    fireEvent.click(screen.getByRole('button', { name: '등록' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('댓글을 남겼어요'))
    expect(fake.calls.filter((c) => c.channel === 'comments:add')).toEqual([
      { channel: 'comments:add', input: { postId: 'post-1', text: '로그인 전에 쓴 댓글' } }
    ])
    expect(box().value).toBe('')
    fireEvent.click(screen.getByRole('button', { name: '떠나기' }))
    fireEvent.click(screen.getByRole('button', { name: '돌아오기' }))
    expect(box().value).toBe('')
  })

  it('never shows one person’s unsent comment to the next person signed in', async () => {
    installFakeMagpie({ 'comments:list': () => ok(page()) })
    const { client } = renderWithApp(<Screen />, { session: me })
    fireEvent.change(box(), { target: { value: '내 초안' } })
    fireEvent.click(screen.getByRole('button', { name: '떠나기' }))
    act(() => applySession(client, other))
    fireEvent.click(screen.getByRole('button', { name: '돌아오기' }))
    expect(box().value).toBe('')
    fireEvent.click(screen.getByRole('button', { name: '떠나기' }))
    act(() => applySession(client, me))
    fireEvent.click(screen.getByRole('button', { name: '돌아오기' }))
    expect(box().value).toBe('내 초안')
  })
})
