// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import { refuseAfterUnmount } from '@tests/support/renderer/refused-write'
import { useClearAlerts } from './clear-alerts'
import { useDeleteAlert } from './delete-alert'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const refused = { code: 'permissionDenied', message: messages.permissionDenied }

beforeEach(() => vi.clearAllMocks())

/**
 * Issue 21: "Magpie must say something whenever a write is refused" — also once the screen
 * that asked is gone, where TanStack Query skips mutate's own callbacks.
 */
describe('a refused delete says so after its screen is gone', () => {
  const cases = [
    ['alerts:delete', () => useDeleteAlert(), 'a1'],
    ['alerts:clear', () => useClearAlerts(), undefined]
  ] as const

  it.each(cases)('%s', async (channel, hook, input) => {
    await refuseAfterUnmount(channel, hook as never, input, refused)
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.permissionDenied))
    expect(toast.error).toHaveBeenCalledTimes(1)
  })
})
