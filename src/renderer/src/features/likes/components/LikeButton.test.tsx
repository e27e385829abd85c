// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useQuery } from '@tanstack/react-query'
import type { PostView } from '@shared/types'
import { queryKeys } from '@/shared/lib/query-keys'
import { installFakeMagpie, renderWithApp, samplePost } from '@/shared/testing/render'
import { LikeButton } from './LikeButton'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }

/** The button as the app uses it: fed from the cached post, so optimistic changes show. */
function CachedLikeButton({ id }: { id: string }) {
  // Never fetched: the test seeds the cache, and the button's own updates land there.
  const post = useQuery<PostView>({ queryKey: queryKeys.post(id), queryFn: () => new Promise(() => {}), enabled: false }).data
  return post ? <LikeButton post={post} /> : null
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  toast.mockClear()
  toast.error.mockClear()
})

describe('LikeButton', () => {
  it('logged out, says to log in first and sends nothing', async () => {
    const fake = installFakeMagpie({})
    renderWithApp(<CachedLikeButton id="post-1" />, { posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    // Toasts load sonner on first use, so the message follows a tick later.
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('로그인 먼저 해주세요 :)'))
    expect(fake.calls).toEqual([])
    expect(screen.queryByTestId('heart-animation')).toBeNull()
  })

  it('likes at once, before main answers, then keeps main’s count', async () => {
    let answer: (value: unknown) => void = () => {}
    const fake = installFakeMagpie({ 'likes:set': () => new Promise((resolve) => (answer = resolve)) })
    renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    // Main has not answered yet: the heart and count already show the like.
    await vi.waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('좋아요 3개'))
    expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true')
    await act(async () => answer({ ok: true, data: { postId: 'post-1', likeCount: 7, likedByMe: true } }))
    await vi.waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('좋아요 7개'))
    expect(fake.calls).toEqual([{ channel: 'likes:set', input: { postId: 'post-1', liked: true } }])
  })

  it('plays the heart animation for 2.5 seconds after a like', async () => {
    vi.useFakeTimers()
    installFakeMagpie({ 'likes:set': () => ({ ok: true, data: { postId: 'post-1', likeCount: 3, likedByMe: true } }) })
    renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    expect(screen.getByTestId('heart-animation')).toBeTruthy()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2400)
    })
    expect(screen.getByTestId('heart-animation')).toBeTruthy()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    expect(screen.queryByTestId('heart-animation')).toBeNull()
  })

  it('unliking plays no animation', async () => {
    installFakeMagpie({ 'likes:set': () => ({ ok: true, data: { postId: 'post-1', likeCount: 1, likedByMe: false } }) })
    renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost({ likedByMe: true })] })
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('좋아요 1개'))
    expect(screen.queryByTestId('heart-animation')).toBeNull()
  })

  it('puts the heart and count back with main’s message when main refuses', async () => {
    installFakeMagpie({ 'likes:set': () => ({ ok: false, error: { code: 'notFound', message: '게시글을 찾을 수 없어요' } }) })
    renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled())
    await vi.waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('좋아요 2개'))
    expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false')
    expect(toast.error).toHaveBeenCalledWith('게시글을 찾을 수 없어요')
  })
})
