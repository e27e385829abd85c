// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FeedPage } from '@shared/types'
import { fail, installFakeMagpie, ok, renderWithApp, samplePost } from '@/shared/testing/render'
import { Feed } from './Feed'

const pages: Record<string, FeedPage> = {
  first: { posts: [samplePost({ id: 'p1', text: '첫 글' })], nextCursor: 'c1' },
  c1: { posts: [samplePost({ id: 'p2', text: '둘째 글' })], nextCursor: null }
}
const feedAnswer = (input: unknown) => ok(pages[(input as { cursor: string | null }).cursor ?? 'first'])
const networkError = fail('networkError', '연결이 원활하지 않아요. 잠시 후 다시 시도해주세요')

beforeEach(() => {
  // jsdom lays nothing out, so the end of the list is never seen: "더 보기" loads the next page.
  vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} })
})

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
  it('offers the next page with a "더 보기" button', async () => {
    installFakeMagpie({ 'posts:feed': feedAnswer })
    renderWithApp(<Feed />)
    fireEvent.click(await screen.findByRole('button', { name: '더 보기' }))
    await screen.findByText('둘째 글')
    expect(screen.getByTestId('feed-end').textContent).toBe('모든 글을 다 봤어요')
  })

  it('keeps every loaded page while the reader is away, however long, and does not load them again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fake = installFakeMagpie({ 'posts:feed': feedAnswer })
    renderWithApp(<Screen />)
    fireEvent.click(await screen.findByRole('button', { name: '더 보기' }))
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
    expect(feedCalls(fake)).toHaveLength(2)
  })

  it('a failed next page keeps the cards shown and offers 다시 시도 for that page', async () => {
    let failing = true
    installFakeMagpie({
      'posts:feed': (input) => ((input as { cursor: string | null }).cursor === 'c1' && failing ? networkError : feedAnswer(input))
    })
    renderWithApp(<Feed />)
    fireEvent.click(await screen.findByRole('button', { name: '더 보기' }))
    expect((await screen.findByRole('alert')).textContent).toContain('연결이 원활하지 않아요')
    expect(screen.getByText('첫 글')).toBeTruthy()
    failing = false
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }))
    await screen.findByText('둘째 글')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })
})
