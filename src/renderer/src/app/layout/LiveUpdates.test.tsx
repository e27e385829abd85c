// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import type { InfiniteData } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import type { FeedPage, PostView } from '@shared/types'
import { queryKeys } from '@/shared/lib/query-keys'
import { usePost } from '@/features/posts/api/get-post'
import { CurrentPath, installFakeMagpie, ok, renderWithApp, samplePost } from '@tests/support/renderer/render'
import { holdKeeper, holdLeaveGuard } from '@/shared/lib/leave-guard'
import { LiveUpdates } from './LiveUpdates'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const ann = { user: { id: 'ann', nickname: '앤', avatar: null, email: 'ann@example.com' } }
const bob = { user: { id: 'bob', nickname: '밥', avatar: null, email: 'bob@example.com' } }

afterEach(cleanup)

const feedOf = (...posts: PostView[]): InfiniteData<FeedPage, string | null> => ({ pages: [{ posts, nextCursor: null }], pageParams: [null] })

function OpenPost({ id }: { id: string }) {
  const post = usePost(id).data
  return <p data-testid="liked">{post ? String(post.likedByMe) : '…'}</p>
}

describe('LiveUpdates', () => {
  it('session:changed from main to another person resets everything the last one saw', async () => {
    let signedIn = 'ann'
    const fake = installFakeMagpie({ 'posts:get': () => ok(samplePost({ likedByMe: signedIn === 'ann', mine: signedIn === 'ann' })) })
    const { client } = renderWithApp(
      <>
        <LiveUpdates />
        <OpenPost id="post-1" />
      </>,
      { session: ann }
    )
    await waitFor(() => expect(screen.getByTestId('liked').textContent).toBe('true'))
    client.setQueryData(queryKeys.alerts, { alerts: [], count: 3 })
    client.setQueryData(queryKeys.feed, feedOf(samplePost({ likedByMe: true })))

    // Another window of this app copy signed Bob in: main says so.
    signedIn = 'bob'
    await act(async () => fake.emit('session:changed', bob))

    expect(client.getQueryData(queryKeys.session)).toEqual(bob)
    expect(client.getQueryData(queryKeys.alerts)).toBeUndefined()
    expect(client.getQueryData(queryKeys.feed)).toBeUndefined()
    await waitFor(() => expect(screen.getByTestId('liked').textContent).toBe('false'))
  })

  it('posts:changed reads an open post once and updates its detail and its feed card alike', async () => {
    const fake = installFakeMagpie({ 'posts:get': () => ok(samplePost({ likeCount: 9, commentCount: 4 })) })
    const { client } = renderWithApp(
      <>
        <LiveUpdates />
        <OpenPost id="post-1" />
      </>,
      { session: ann, posts: [samplePost()] }
    )
    client.setQueryData(queryKeys.feed, feedOf(samplePost()))
    await act(async () => fake.emit('posts:changed', { postIds: ['post-1'], feed: false }))
    await waitFor(() => expect(client.getQueryData<PostView>(queryKeys.post('post-1'))?.likeCount).toBe(9))
    expect(client.getQueryData<InfiniteData<FeedPage>>(queryKeys.feed)?.pages[0]?.posts[0]?.likeCount).toBe(9)
    expect(fake.calls.filter((c) => c.channel === 'posts:get')).toHaveLength(1)
  })

  it('app:notice shows its sentence from the catalog once, as a toast', async () => {
    const fake = installFakeMagpie({})
    renderWithApp(<LiveUpdates />)
    await act(async () => fake.emit('app:notice', { notice: 'rendererRecovered' }))
    await waitFor(() => expect(toast).toHaveBeenCalledWith(messages.rendererRecovered))
    await act(async () => fake.emit('app:notice', { notice: 'notificationsFailed' }))
    await waitFor(() => expect(toast).toHaveBeenCalledWith(messages.notificationsFailed))
    expect(toast).toHaveBeenCalledTimes(2)
  })

  it('app:navigate (a tray or Jump List task) asks the screen holding the leave guard first', async () => {
    const fake = installFakeMagpie({})
    renderWithApp(
      <>
        <LiveUpdates />
        <CurrentPath />
      </>,
      { session: ann, route: '/write/new' }
    )
    let agree: () => void = () => {}
    const release = holdLeaveGuard((go) => {
      agree = go
      return true
    })
    act(() => fake.emit('app:navigate', { route: '/myalert' }))
    expect(screen.getByTestId('path').textContent).toBe('/write/new')
    act(() => agree())
    expect(screen.getByTestId('path').textContent).toBe('/myalert')
    release()
    act(() => fake.emit('app:navigate', { route: '/' }))
    expect(screen.getByTestId('path').textContent).toBe('/')
  })

  it('app:quitRequested with nothing to lose agrees at once', async () => {
    const fake = installFakeMagpie({ 'app:quit': () => ok(undefined) })
    renderWithApp(<LiveUpdates />, { session: ann })
    act(() => fake.emit('app:quitRequested', { unattended: false }))
    await waitFor(() => expect(fake.calls.filter((c) => c.channel === 'app:quit')).toEqual([{ channel: 'app:quit', input: { step: 'agreed' } }]))
  })

  it('app:quitRequested with the editor holding unsaved writing says it is asking, and agrees only once the person leaves', async () => {
    const fake = installFakeMagpie({ 'app:quit': () => ok(undefined) })
    renderWithApp(<LiveUpdates />, { session: ann })
    let agree: () => void = () => {}
    const release = holdLeaveGuard((go) => {
      agree = go
      return true
    })
    const quitCalls = () => fake.calls.filter((c) => c.channel === 'app:quit').map((c) => c.input)
    act(() => fake.emit('app:quitRequested', { unattended: false }))
    await waitFor(() => expect(quitCalls()).toEqual([{ step: 'asking' }]))
    act(() => agree())
    await waitFor(() => expect(quitCalls()).toEqual([{ step: 'asking' }, { step: 'agreed' }]))
    release()
  })

  it('app:quitRequested unattended (the OS ends the session) keeps the writing and asks nothing', () => {
    const fake = installFakeMagpie({ 'app:quit': () => ok(undefined) })
    renderWithApp(<LiveUpdates />, { session: ann })
    const keep = vi.fn()
    const asked = vi.fn(() => true)
    const releaseKeeper = holdKeeper(keep)
    const releaseGuard = holdLeaveGuard(asked)
    act(() => fake.emit('app:quitRequested', { unattended: true }))
    expect(keep).toHaveBeenCalledTimes(1)
    expect(asked).not.toHaveBeenCalled()
    expect(fake.calls.filter((c) => c.channel === 'app:quit')).toEqual([])
    releaseKeeper()
    releaseGuard()
  })
})
