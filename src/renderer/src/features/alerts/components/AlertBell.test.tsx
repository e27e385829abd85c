// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { nameHoldsWordsShown } from '@tests/support/renderer/label-in-name'
import { installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { AlertBell } from './AlertBell'

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }
const unseen = (n: number) => ok({ alerts: [], count: n, unseen: n })

afterEach(cleanup)

describe('AlertBell', () => {
  it.each([
    [25, '25', '알림 25, 읽지 않음'],
    [120, '99+', '알림 99+, 읽지 않음']
  ])('with %i unread, its name holds the words it shows (알림, then the badge)', async (n, badge, name) => {
    installFakeMagpie({ 'alerts:list': () => unseen(n) })
    renderWithApp(<AlertBell />, { session: me })
    const bell = await screen.findByRole('link', { name })
    expect(screen.getByTestId('alert-badge').textContent).toBe(badge)
    // The visible words, as a sighted speech-input user would say them, are within the name word for word.
    expect(bell.textContent).toBe(`알림 ${badge}`)
    expect(nameHoldsWordsShown(bell.getAttribute('aria-label')!, bell.textContent!)).toBe(true)
  })

  it('with none unread, is named 알림 and shows no badge', async () => {
    installFakeMagpie({ 'alerts:list': () => unseen(0) })
    renderWithApp(<AlertBell />, { session: me })
    expect(await screen.findByRole('link', { name: '알림' })).toBeTruthy()
    expect(screen.queryByTestId('alert-badge')).toBeNull()
  })
})
