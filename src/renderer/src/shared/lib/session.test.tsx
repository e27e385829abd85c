// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { AlertList } from '@shared/types'
import { installFakeMagpie, ok, renderWithApp, samplePost } from '@tests/support/renderer/render'
import { queryKeys } from './query-keys'
import { applySession } from './session'

const ann = { user: { id: 'ann', nickname: '앤', avatar: null, email: 'ann@example.com' } }
const bob = { user: { id: 'bob', nickname: '밥', avatar: null, email: 'bob@example.com' } }

afterEach(cleanup)

/** A screen showing the alert count, fetched from main like the top bar's bell. */
function AlertCount() {
  const alerts = useQuery({ queryKey: queryKeys.alerts, queryFn: () => window.magpie.alerts.list().then((r) => (r.ok ? r.data : null)) })
  return <p data-testid="count">{alerts.data ? alerts.data.count : '…'}</p>
}

describe('applySession', () => {
  it('when the person changes, drops every answer given to the last one and reloads what is on screen', async () => {
    // Main answers for whoever is signed in: Ann has five alerts, Bob none.
    let signedIn = 'ann'
    const fake = installFakeMagpie({ 'alerts:list': () => ok({ alerts: [], count: signedIn === 'ann' ? 5 : 0, unseen: signedIn === 'ann' ? 5 : 0 } satisfies AlertList) })
    const { client } = renderWithApp(<AlertCount />, { session: ann })
    client.setQueryData(queryKeys.post('post-1'), samplePost({ likedByMe: true, mine: true }))
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('5'))

    signedIn = 'bob'
    applySession(client, bob)

    expect(client.getQueryData(queryKeys.session)).toEqual(bob)
    // Ann's post as she saw it (liked, hers to edit) is gone, not shown to Bob.
    expect(client.getQueryData(queryKeys.post('post-1'))).toBeUndefined()
    // The count on screen is asked for again, for Bob.
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('0'))
    expect(fake.calls.filter((c) => c.channel === 'alerts:list')).toHaveLength(2)
  })

  it('logging out clears the last person’s data too', () => {
    installFakeMagpie({})
    const { client } = renderWithApp(null, { session: ann })
    client.setQueryData(queryKeys.post('post-1'), samplePost({ likedByMe: true }))
    applySession(client, { user: null })
    expect(client.getQueryData(queryKeys.post('post-1'))).toBeUndefined()
    expect(client.getQueryData(queryKeys.session)).toEqual({ user: null })
  })

  it('the same person again (main echoing a login) keeps everything', () => {
    const fake = installFakeMagpie({})
    const { client } = renderWithApp(null, { session: ann })
    const post = samplePost({ likedByMe: true })
    client.setQueryData(queryKeys.post('post-1'), post)
    applySession(client, { user: { ...ann.user, nickname: '앤2' } })
    expect(client.getQueryData(queryKeys.post('post-1'))).toBe(post)
    expect(client.getQueryData(queryKeys.session)).toEqual({ user: { ...ann.user, nickname: '앤2' } })
    expect(fake.calls).toEqual([])
  })
})
