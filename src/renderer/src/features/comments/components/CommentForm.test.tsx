// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CommentView } from '@shared/types'
import { installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { useKeptReplies } from '../stores/comment-drafts'
import { CommentForm } from './CommentForm'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }
const sent = (text: string): CommentView => ({
  id: 'c1',
  postId: 'post-1',
  author: { id: 'me', nickname: '나', avatar: null },
  text,
  createdAt: Date.UTC(2026, 10, 22, 6, 0),
  mine: true
})

afterEach(() => cleanup())

function setup() {
  const added: unknown[] = []
  installFakeMagpie({
    'comments:add': (input) => {
      added.push(input)
      return ok(sent((input as { text: string }).text))
    }
  })
  renderWithApp(<CommentForm postId="post-1" />, { session: me })
  const box = screen.getByLabelText<HTMLTextAreaElement>('댓글을 남겨 주세요')
  return { added, box }
}

function KeptReplies() {
  useKeptReplies('me')
  return null
}

describe('CommentForm', () => {
  it('a 답글 from a notification that main could not send waits in its post’s box', async () => {
    const fake = installFakeMagpie({})
    renderWithApp(
      <>
        <KeptReplies />
        <CommentForm postId="post-1" />
      </>,
      { session: me }
    )
    await act(async () => fake.emit('comments:replyKept', { postId: 'post-1', text: '알림에서 쓴 답글' }))
    expect(screen.getByLabelText<HTMLTextAreaElement>('댓글을 남겨 주세요').value).toBe('알림에서 쓴 답글')
  })

  it('Enter sends and focus stays in the emptied box', async () => {
    const { added, box } = setup()
    fireEvent.change(box, { target: { value: '좋아요' } })
    box.focus()
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 })
    await waitFor(() => expect(added).toHaveLength(1))
    await waitFor(() => expect(box.value).toBe(''))
    expect(document.activeElement).toBe(box)
  })

  it('keeps the comment being typed through a reload of the page, and forgets it once sent', async () => {
    const { added, box } = setup()
    fireEvent.change(box, { target: { value: '쓰다 만 댓글' } })
    cleanup()
    // A new page in the same window: a fresh store, the same sessionStorage.
    renderWithApp(<CommentForm postId="post-1" />, { session: me })
    const again = screen.getByLabelText<HTMLTextAreaElement>('댓글을 남겨 주세요')
    expect(again.value).toBe('쓰다 만 댓글')
    fireEvent.keyDown(again, { key: 'Enter', keyCode: 13 })
    await waitFor(() => expect(added).toHaveLength(1))
    await waitFor(() => expect(again.value).toBe(''))
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('magpie:comment-drafts:'))).toEqual([])
  })

  it('Shift+Enter, and Enter while a Hangul syllable is composed, do not send', () => {
    const { box } = setup()
    const send = vi.spyOn(HTMLFormElement.prototype, 'requestSubmit')
    fireEvent.change(box, { target: { value: '안녕' } })
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, shiftKey: true })
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, isComposing: true })
    fireEvent.keyDown(box, { key: 'Process', keyCode: 229 })
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 })
    expect(send).not.toHaveBeenCalled()
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 })
    expect(send).toHaveBeenCalledTimes(1)
    send.mockRestore()
  })

  it('counts characters as typed and warns past the limit', () => {
    const { box } = setup()
    const counter = screen.getByTestId('char-counter')
    expect(counter.textContent).toContain('0/500')
    fireEvent.change(box, { target: { value: '가😀' } })
    expect(counter.textContent).toContain('2/500')
    expect(counter.dataset.state).toBe('ok')
    fireEvent.change(box, { target: { value: 'ㄱ'.repeat(450) } })
    expect(counter.dataset.state).toBe('near')
    fireEvent.change(box, { target: { value: 'ㄱ'.repeat(501) } })
    expect(counter.dataset.state).toBe('over')
    expect(counter.querySelector('[aria-live="polite"]')?.textContent).toBe('500자까지 쓸 수 있어요')
  })
})
