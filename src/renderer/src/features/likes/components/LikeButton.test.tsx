// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { FeedPage, PostView } from '@shared/types'
import { refreshPost } from '@/shared/lib/post-cache'
import { queryKeys } from '@/shared/lib/query-keys'
import { installFakeMagpie, renderWithApp, samplePost } from '@tests/support/renderer/render'
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
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('좋아요를 누르려면 먼저 로그인해 주세요'))
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

  it('keeps one name, 좋아요, and says liked with aria-pressed alone', async () => {
    installFakeMagpie({ 'likes:set': () => ({ ok: true, data: { postId: 'post-1', likeCount: 3, likedByMe: true } }) })
    renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    expect(screen.getByRole('button', { name: '좋아요', pressed: false })).toBeTruthy()
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: '좋아요', pressed: true })).toBeTruthy())
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

const refused = { ok: false, error: { code: 'permissionDenied', message: '권한이 없어요. 커뮤니티의 보안 규칙을 확인해 주세요' } }

/** Issue 21: "Magpie must say something whenever a write is refused". */
describe('a refused like always says so', () => {
  it('in Korean, when the community refuses it (permissionDenied)', async () => {
    installFakeMagpie({ 'likes:set': () => refused })
    renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('권한이 없어요. 커뮤니티의 보안 규칙을 확인해 주세요'))
    expect(toast.error).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false'))
  })

  it('even when the button is gone by the time main answers (the card scrolled away, the screen changed)', async () => {
    let answer: (value: unknown) => void = () => {}
    installFakeMagpie({ 'likes:set': () => new Promise((resolve) => (answer = resolve)) })
    const { client, unmount } = renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(detail(client).likedByMe).toBe(true))
    unmount()
    await act(async () => answer(refused))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('권한이 없어요. 커뮤니티의 보안 규칙을 확인해 주세요'))
    // …and the cache the next screen reads is put back.
    await vi.waitFor(() => expect(detail(client)).toMatchObject({ likedByMe: false, likeCount: 2 }))
  })

  it('even when another click followed it, each refusal once', async () => {
    const answers: ((value: unknown) => void)[] = []
    installFakeMagpie({ 'likes:set': () => new Promise((resolve) => answers.push(resolve)) })
    renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true'))
    fireEvent.click(screen.getByTestId('like-button'))
    await act(async () => answers[0]!(refused))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('권한이 없어요. 커뮤니티의 보안 규칙을 확인해 주세요'))
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    await act(async () => answers[1]!({ ok: true, data: { postId: 'post-1', likeCount: 2, likedByMe: false } }))
    await vi.waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('좋아요 2개'))
    expect(toast.error).toHaveBeenCalledTimes(1)
  })
})

const feedOf = (...posts: PostView[]): InfiniteData<FeedPage, string | null> => ({ pages: [{ posts, nextCursor: null }], pageParams: [null] })
const feedCard = (client: QueryClient) => client.getQueryData<InfiniteData<FeedPage>>(queryKeys.feed)!.pages[0]!.posts[0]!
const detail = (client: QueryClient) => client.getQueryData<PostView>(queryKeys.post('post-1'))!

describe('likes in the cache', () => {
  it('change the feed card and the detail together, and put each back as it was when main refuses', async () => {
    let answer: (value: unknown) => void = () => {}
    installFakeMagpie({ 'likes:set': () => new Promise((resolve) => (answer = resolve)) })
    const { client } = renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    // The card was loaded a while ago, when the post had more likes.
    client.setQueryData(queryKeys.feed, feedOf(samplePost({ likeCount: 5 })))
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(detail(client)).toMatchObject({ likedByMe: true, likeCount: 3 }))
    expect(feedCard(client)).toMatchObject({ likedByMe: true, likeCount: 6 })
    await act(async () => answer({ ok: false, error: { code: 'tooManyRequests', message: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요' } }))
    await vi.waitFor(() => expect(detail(client)).toMatchObject({ likedByMe: false, likeCount: 2 }))
    expect(feedCard(client)).toMatchObject({ likedByMe: false, likeCount: 5 })
  })

  it('cancel a read of the post already under way, so its older copy cannot undo the like', async () => {
    let read: (value: unknown) => void = () => {}
    const fake = installFakeMagpie({
      'posts:get': () => new Promise((resolve) => (read = resolve)),
      'likes:set': () => ({ ok: true, data: { postId: 'post-1', likeCount: 3, likedByMe: true } })
    })
    const { client } = renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    client.setQueryData(queryKeys.feed, feedOf(samplePost()))
    const reading = refreshPost(client, 'post-1')
    await vi.waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('posts:get'))
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('likes:set'))
    // The read's answer, from before the like, arrives late: it was cancelled and lands nowhere.
    read({ ok: true, data: samplePost({ likedByMe: false, likeCount: 2, text: '좋아요 전에 읽은 글' }) })
    await reading
    await vi.waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('좋아요 3개'))
    expect(detail(client)).toMatchObject({ likedByMe: true, likeCount: 3, text: '오늘의 소식' })
    expect(feedCard(client)).toMatchObject({ likedByMe: true, likeCount: 3, text: '오늘의 소식' })
  })

  it('send one post’s clicks to main one after another and end on the last answer', async () => {
    const answers: ((value: unknown) => void)[] = []
    const fake = installFakeMagpie({ 'likes:set': () => new Promise((resolve) => answers.push(resolve)) })
    const { client } = renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true'))
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false'))
    // The unlike waits for main's answer to the like.
    expect(fake.calls.filter((c) => c.channel === 'likes:set')).toHaveLength(1)
    await act(async () => answers[0]!({ ok: true, data: { postId: 'post-1', likeCount: 3, likedByMe: true } }))
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.channel === 'likes:set')).toHaveLength(2))
    // The like's answer does not flash the heart back on while the unlike is on its way.
    expect(detail(client).likedByMe).toBe(false)
    await act(async () => answers[1]!({ ok: true, data: { postId: 'post-1', likeCount: 2, likedByMe: false } }))
    await vi.waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('좋아요 2개'))
    expect(fake.calls.map((c) => c.input)).toEqual([
      { postId: 'post-1', liked: true },
      { postId: 'post-1', liked: false }
    ])
  })

  it('an answer that arrives after someone else signed in changes nothing of theirs', async () => {
    let answer: (value: unknown) => void = () => {}
    installFakeMagpie({ 'likes:set': () => new Promise((resolve) => (answer = resolve)) })
    const { client } = renderWithApp(<CachedLikeButton id="post-1" />, { session: me, posts: [samplePost()] })
    fireEvent.click(screen.getByTestId('like-button'))
    await vi.waitFor(() => expect(detail(client).likedByMe).toBe(true))
    const other = { user: { id: 'other', nickname: '남', avatar: null, email: 'other@example.com' } }
    act(() => {
      client.setQueryData(queryKeys.session, other)
      client.setQueryData(queryKeys.post('post-1'), samplePost({ likeCount: 3 }))
    })
    await act(async () => answer({ ok: true, data: { postId: 'post-1', likeCount: 3, likedByMe: true } }))
    expect(detail(client)).toMatchObject({ likedByMe: false, likeCount: 3 })
  })
})

describe('좋아요 N개', () => {
  it('opens who liked the post: nicknames, a liker main knows only by email as unknown, and how many more', async () => {
    const fake = installFakeMagpie({
      'likes:list': () => ({
        ok: true,
        data: { count: 205, likers: [{ id: 'u1', nickname: '민지', avatar: null }, { id: 'u2', nickname: null, avatar: null }] }
      })
    })
    renderWithApp(<CachedLikeButton id="post-1" />, { posts: [samplePost({ likeCount: 205 })] })
    fireEvent.click(screen.getByRole('button', { name: '좋아요 205개' }))
    const dialog = await screen.findByRole('dialog', { name: /좋아요한 사람/ })
    await vi.waitFor(() => expect(dialog.querySelectorAll('li')).toHaveLength(2))
    expect(Array.from(dialog.querySelectorAll('li'), (li) => li.textContent)).toEqual(['민지', '닉네임을 알 수 없는 회원'])
    expect(dialog.textContent).toContain('외 203명')
    expect(fake.calls).toEqual([{ channel: 'likes:list', input: { postId: 'post-1' } }])
  })

  it('is plain text with no likes: nobody to list', () => {
    installFakeMagpie({})
    renderWithApp(<CachedLikeButton id="post-1" />, { posts: [samplePost({ likeCount: 0 })] })
    expect(screen.getByTestId('like-count').tagName).toBe('SPAN')
  })
})
