// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatRelative } from '@shared/format'
import { messages } from '@shared/messages'
import { CurrentPath, installFakeMagpie, ok, renderWithApp, samplePost } from '@tests/support/renderer/render'
import { SavedPage } from './SavedPage'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }
const author = { id: 'them', nickname: '이웃', avatar: null }
const day = 24 * 60 * 60 * 1000
/** A saved post as main sends it: the post, with when the person saved it (an hour ago unless said). */
const savedPost = (overrides: Parameters<typeof samplePost>[0], savedAt = Date.now() - 60 * 60 * 1000) => ({ ...samplePost(overrides), savedAt })

function Page() {
  return (
    <>
      <Routes>
        <Route path="/saved" element={<SavedPage />} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentPath />
    </>
  )
}

afterEach(() => {
  cleanup()
  toast.success.mockClear()
})

describe('저장한 글 page', () => {
  it('lists the saved posts in main’s order, each linking to its post, and reads the next page by its cursor', async () => {
    const fake = installFakeMagpie({
      'saved:ids': () => ok({ ids: ['b', 'a', 'c'] }),
      'saved:list': (input) =>
        (input as { cursor: string | null }).cursor === null
          ? ok({ posts: [savedPost({ id: 'b', text: '나중에 저장한 글', author }), savedPost({ id: 'a', text: '먼저 저장한 글', author })], nextCursor: 'next-1' })
          : ok({ posts: [savedPost({ id: 'c', text: '사진 한 장', author })], nextCursor: null })
    })
    renderWithApp(<Page />, { session: me, route: '/saved' })
    expect(screen.getByRole('heading', { level: 1, name: '저장한 글' })).toBeTruthy()
    const cards = await screen.findAllByTestId('saved-post')
    expect(cards.map((card) => card.getAttribute('data-post-id'))).toEqual(['b', 'a'])
    expect(within(cards[0]!).getByRole('link', { name: /나중에 저장한 글/ }).getAttribute('href')).toBe('/detail/b')
    expect(within(cards[0]!).getByRole('link', { name: '이웃' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '저장한 글 더 보기' }))
    await vi.waitFor(() => expect(screen.getAllByTestId('saved-post')).toHaveLength(3))
    expect(fake.calls.filter((c) => c.channel === 'saved:list').map((c) => c.input)).toEqual([{ cursor: null }, { cursor: 'next-1' }])
    // The last page read: no more to ask for.
    expect(screen.queryByRole('button', { name: '저장한 글 더 보기' })).toBeNull()
  })

  it('dates each card by when the person saved it (저장한 날), not when it was written', async () => {
    const savedAt = Date.now() - 2 * day
    installFakeMagpie({
      'saved:ids': () => ok({ ids: ['a'] }),
      'saved:list': () => ok({ posts: [savedPost({ id: 'a', author, createdAt: Date.now() - 30 * day }, savedAt)], nextCursor: null })
    })
    renderWithApp(<Page />, { session: me, route: '/saved' })
    const [card] = await screen.findAllByTestId('saved-post')
    const time = card!.querySelector('time')!
    expect(time.getAttribute('datetime')).toBe(new Date(savedAt).toISOString())
    // The formatter every date on screen uses ("11월 27일"), then 저장.
    expect(time.parentElement!.textContent).toBe(`${formatRelative(savedAt, Date.now())} ${messages.savedWhen}`)
  })

  it('저장 취소 from the list: the card stays to save again (다시 저장) until the page is read again', async () => {
    const fake = installFakeMagpie({
      'saved:ids': () => ok({ ids: ['a'] }),
      'saved:list': () => ok({ posts: [savedPost({ id: 'a', author })], nextCursor: null }),
      'saved:set': (input) => ok({ ids: (input as { saved: boolean }).saved ? ['a'] : [] })
    })
    renderWithApp(<Page />, { session: me, route: '/saved' })
    const unsave = await screen.findByRole('button', { name: '저장 취소' })
    // Named with what it unsaves, too.
    expect(unsave.getAttribute('aria-describedby')).toBe('saved-a')
    fireEvent.click(unsave)
    const again = await screen.findByRole('button', { name: '다시 저장' })
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('저장을 취소했어요'))
    fireEvent.click(again)
    await screen.findByRole('button', { name: '저장 취소' })
    expect(fake.calls.filter((c) => c.channel === 'saved:set').map((c) => c.input)).toEqual([
      { postId: 'a', saved: false },
      { postId: 'a', saved: true }
    ])
    expect(screen.getAllByTestId('saved-post')).toHaveLength(1)
  })

  it('with nothing saved, says so and how to save, with a way back to the feed', async () => {
    installFakeMagpie({ 'saved:ids': () => ok({ ids: [] }), 'saved:list': () => ok({ posts: [], nextCursor: null }) })
    renderWithApp(<Page />, { session: me, route: '/saved' })
    expect(await screen.findByRole('heading', { name: '아직 저장한 글이 없어요' })).toBeTruthy()
    expect(screen.getByText(/⋯ 메뉴에서 저장을 누르면/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '피드 둘러보기' }).getAttribute('href')).toBe('/')
  })

  it('signed out, asks to log in and reads nothing', () => {
    const fake = installFakeMagpie({})
    renderWithApp(<Page />, { route: '/saved' })
    expect(screen.getByTestId('path').textContent).toBe('/login')
    expect(fake.calls.filter((c) => c.channel.startsWith('saved:'))).toEqual([])
  })
})
