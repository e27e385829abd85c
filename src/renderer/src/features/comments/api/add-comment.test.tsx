// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { CommentView, PostView } from '@shared/types'
import { queryKeys } from '@/shared/lib/query-keys'
import { installFakeMagpie, ok, samplePost } from '@tests/support/renderer/render'
import { useAddComment } from './add-comment'

describe('useAddComment', () => {
  it('shows main’s comment count, never the refreshed count plus one', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    // Main's change event already refreshed the post with the new comment counted.
    client.setQueryData<PostView>(queryKeys.post('post-1'), samplePost({ id: 'post-1', commentCount: 1 }))
    const added: CommentView = {
      id: 'c1',
      postId: 'post-1',
      author: { id: 'me', nickname: '나', avatar: null },
      text: '첫 댓글',
      createdAt: 1,
      mine: true
    }
    installFakeMagpie({
      'comments:add': () => ok(added),
      'posts:get': () => ok(samplePost({ id: 'post-1', commentCount: 1 })),
      'comments:list': () => ok({ comments: [added], nextCursor: null })
    })
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
    const { result } = renderHook(() => useAddComment('post-1'), { wrapper })
    await act(() => result.current.mutateAsync('첫 댓글'))
    expect(client.getQueryData<PostView>(queryKeys.post('post-1'))?.commentCount).toBe(1)
  })
})
