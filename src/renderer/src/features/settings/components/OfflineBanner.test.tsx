// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import type { ConnectionStatus, SettingsView } from '@shared/types'
import { queryKeys } from '@/shared/lib/query-keys'
import { installFakeMagpie, renderWithApp, samplePost } from '@tests/support/renderer/render'
import { OfflineBanner } from './OfflineBanner'

const config = {
  apiKey: 'AIzaSyDx3vQ9_kK2mQe7-TbUq0WZpL4nR8sYc1E',
  authDomain: 'kkachi-community.firebaseapp.com',
  projectId: 'kkachi-community',
  storageBucket: 'kkachi-community.appspot.com',
  databaseURL: 'https://kkachi-community-default-rtdb.firebaseio.com',
  appId: '1:482913570264:web:9c1f2e7a4b3d5c6e8f0a1b'
}
const online: ConnectionStatus = { mode: 'community', projectId: 'kkachi-community', online: true }
const offline: ConnectionStatus = { ...online, online: false }

afterEach(cleanup)

/** A main whose settings:get answers what it last announced, as the real one does. */
async function start(status: ConnectionStatus) {
  let current = status
  const fake = installFakeMagpie({
    'settings:get': () => ({ ok: true, data: { status: current, config: current.mode === 'community' ? config : null, managed: false } satisfies SettingsView })
  })
  const app = renderWithApp(<OfflineBanner />)
  await act(async () => {
    await app.client.refetchQueries({ queryKey: ['settings'] })
  })
  const announce = async (next: ConnectionStatus) => {
    current = next
    await act(async () => {
      fake.emit('connection:changed', next)
      // TanStack Query tells its observers on the next task.
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
  return { ...app, announce }
}

describe('offline banner', () => {
  it('shows on first load when the community is offline', async () => {
    await start(offline)
    expect((await screen.findByRole('status')).textContent).toBe(messages.offlineBanner)
  })

  it('follows connection:changed: offline, back online, and never in local mode', async () => {
    const { announce } = await start(online)
    expect(screen.queryByTestId('offline-banner')).toBeNull()
    await announce(offline)
    expect(screen.getByTestId('offline-banner').textContent).toBe(messages.offlineBanner)
    await announce(online)
    expect(screen.queryByTestId('offline-banner')).toBeNull()
    await announce(offline)
    await announce({ mode: 'local' })
    expect(screen.queryByTestId('offline-banner')).toBeNull()
  })

  it('drops the other backend’s posts and alerts when the backend changes, not when it only goes offline', async () => {
    const { client, announce } = await start({ mode: 'local' })
    const seed = () => {
      client.setQueryData(queryKeys.post('post-1'), samplePost())
      client.setQueryData(queryKeys.alerts, { alerts: [], count: 3 })
    }
    seed()
    await announce(online)
    expect(client.getQueryData(queryKeys.post('post-1'))).toBeUndefined()
    expect(client.getQueryData(queryKeys.alerts)).toBeUndefined()
    // The session is main's to announce (session:changed), not dropped here.
    expect(client.getQueryData(queryKeys.session)).toEqual({ user: null })

    seed()
    await announce(offline)
    expect(client.getQueryData(queryKeys.post('post-1'))).toEqual(samplePost())
    expect(screen.getByTestId('offline-banner')).toBeTruthy()

    await announce({ mode: 'local' })
    expect(client.getQueryData(queryKeys.post('post-1'))).toBeUndefined()
  })
})
