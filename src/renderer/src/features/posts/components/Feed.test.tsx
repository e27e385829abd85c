// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FeedPage } from '@shared/types'
import { fail, installFakeMagpie, ok, renderWithApp, samplePost } from '@tests/support/renderer/render'
import { Feed } from './Feed'

const pages: Record<string, FeedPage> = {
  first: { posts: [samplePost({ id: 'p1', text: '첫 글' })], nextCursor: 'c1' },
  c1: { posts: [samplePost({ id: 'p2', text: '둘째 글' })], nextCursor: null }
}
const feedAnswer = (input: unknown) => ok(pages[(input as { cursor: string | null }).cursor ?? 'first'])
const networkError = fail('networkError', '연결이 원활하지 않아요. 잠시 후 다시 시도해주세요')


afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** The feed screen, which the reader can leave (to a post, say) and come back to. */
function Screen() {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        {open ? '글 보러 가기' : '뒤로'}
      </button>
      {open && <Feed />}
    </>
  )
}

const feedCalls = (fake: ReturnType<typeof installFakeMagpie>) => fake.calls.filter((c) => c.channel === 'posts:feed')

describe('Feed', () => {
  it('loads the next page as the reader nears the end, and says when the feed ends', async () => {
    installFakeMagpie({ 'posts:feed': feedAnswer })
    renderWithApp(<Feed />)
    await screen.findByText('둘째 글')
    expect((await screen.findByTestId('feed-end')).textContent).toBe('모든 글을 다 봤어요')
  })

  it('keeps every loaded page while the reader is away, however long, and does not load them again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fake = installFakeMagpie({ 'posts:feed': feedAnswer })
    renderWithApp(<Screen />)
    await screen.findByText('둘째 글')
    fireEvent.click(screen.getByRole('button', { name: '글 보러 가기' }))
    expect(screen.queryByText('첫 글')).toBeNull()
    // A long read of one post: far past TanStack Query's default five minutes.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30 * 60 * 1000)
    })
    fireEvent.click(screen.getByRole('button', { name: '뒤로' }))
    expect(screen.getByText('첫 글')).toBeTruthy()
    expect(screen.getByText('둘째 글')).toBeTruthy()
    expect(feedCalls(fake)).toHaveLength(2)
  })

  it('a failed first load says why and loads again on 다시 시도', async () => {
    let failing = true
    const fake = installFakeMagpie({ 'posts:feed': (input) => (failing ? networkError : feedAnswer(input)) })
    renderWithApp(<Feed />)
    expect((await screen.findByRole('alert')).textContent).toContain('연결이 원활하지 않아요. 잠시 후 다시 시도해주세요')
    failing = false
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }))
    await screen.findByText('첫 글')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(feedCalls(fake).filter((c) => (c.input as { cursor: string | null }).cursor === null)).toHaveLength(2)
  })

  it('a failed next page keeps the cards shown and offers 다시 시도 for that page', async () => {
    let failing = true
    installFakeMagpie({
      'posts:feed': (input) => ((input as { cursor: string | null }).cursor === 'c1' && failing ? networkError : feedAnswer(input))
    })
    renderWithApp(<Feed />)
    expect((await screen.findByRole('alert')).textContent).toContain('연결이 원활하지 않아요')
    expect(screen.getByText('첫 글')).toBeTruthy()
    failing = false
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }))
    await screen.findByText('둘째 글')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  it('Ctrl+F asks main to find in the posts read, marks the words as text, moves between matches, and Escape returns the focus', async () => {
    const many: Record<string, FeedPage> = {
      first: {
        posts: [
          samplePost({ id: 'a', text: '바다 <b>사진</b>' }),
          samplePost({ id: 'b', text: '산책' }),
          samplePost({ id: 'c', text: '또 바다', author: { ...samplePost().author, nickname: '바다소년' } })
        ],
        nextCursor: null
      }
    }
    // Main's answer: the places of the posts whose text or nickname holds the words.
    const fake = installFakeMagpie({
      'posts:feed': () => ok(many.first),
      'posts:find': (input) => {
        const words = (input as { query: string }).query.trim()
        return ok({ positions: many.first!.posts.flatMap((p, i) => (p.text.includes(words) || p.author.nickname.includes(words) ? [i] : [])) })
      }
    })
    renderWithApp(<Feed />)
    await screen.findByText('산책')
    const before = screen.getAllByRole('link')[0]!
    before.focus()
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true })
    // The find bar loads on its first use.
    const input = await screen.findByRole('searchbox', { name: '불러온 글에서 찾기' })
    // It takes the focus in an effect after it is drawn.
    await waitFor(() => expect(document.activeElement).toBe(input))
    fireEvent.change(input, { target: { value: '바다' } })
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('1/2'))
    // The feed was read to its end: main looks through all of it.
    expect(fake.calls.find((c) => c.channel === 'posts:find')?.input).toEqual({ query: '바다', through: null })
    // Text is split into nodes, never parsed: the <b> stays as typed.
    const marks = Array.from(document.querySelectorAll('mark')).map((m) => m.textContent)
    expect(marks).toEqual(['바다', '바다', '바다'])
    expect(screen.getByText('<b>사진</b>', { exact: false })).toBeTruthy()
    expect(document.querySelector('b')).toBeNull()
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(screen.getByTestId('find-count').textContent).toBe('2/2')
    expect(document.querySelector('[data-current-match] [data-post-id]')?.getAttribute('data-post-id')).toBe('c')
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true })
    expect(screen.getByTestId('find-count').textContent).toBe('1/2')
    fireEvent.change(input, { target: { value: '없는 말' } })
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('결과 없음'))
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(screen.queryByRole('searchbox')).toBeNull()
    expect(document.activeElement).toBe(before)
  })

  it('is a feed of articles, each with its place in it', async () => {
    installFakeMagpie({ 'posts:feed': feedAnswer })
    renderWithApp(<Feed />)
    await screen.findByTestId('feed-end')
    expect(screen.getByRole('feed')).toBeTruthy()
    const articles = screen.getAllByRole('article')
    expect(articles.map((a) => [a.getAttribute('aria-posinset'), a.getAttribute('aria-setsize')])).toEqual([
      ['1', '2'],
      ['2', '2']
    ])
  })
})
