import { QueryClient, QueryClientProvider, type UseMutationResult } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, vi } from 'vitest'
import { installFakeMagpie } from './render'

/**
 * Runs a write hook whose answer is held until its screen is gone, then refuses it: the
 * mutation's own onError must still speak (TanStack Query skips mutate's callbacks by then).
 */
export async function refuseAfterUnmount(
  channel: string,
  hook: () => UseMutationResult<unknown, Error, never>,
  input: unknown,
  refusal: { code: string; message: string }
): Promise<void> {
  let answer: ((value: unknown) => void) | null = null
  installFakeMagpie({ [channel]: () => new Promise((resolve) => (answer = resolve)) })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  const { result, unmount } = renderHook(hook, { wrapper })
  act(() => (result.current.mutate as (input: unknown) => void)(input))
  await vi.waitFor(() => expect(answer).not.toBeNull())
  unmount()
  await act(async () => answer!({ ok: false, error: refusal }))
}
