// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fail, installFakeMagpie, ok, renderWithApp } from '@/shared/testing/render'
import { AlertsPage } from './AlertsPage'

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }

afterEach(cleanup)

describe('AlertsPage', () => {
  it('a failed load says why and loads again on 다시 시도', async () => {
    let failing = true
    const fake = installFakeMagpie({
      'alerts:list': () => (failing ? fail('networkError', '연결이 원활하지 않아요. 잠시 후 다시 시도해 주세요') : ok({ alerts: [], count: 0 }))
    })
    renderWithApp(<AlertsPage />, { session: me })
    expect((await screen.findByRole('alert')).textContent).toContain('연결이 원활하지 않아요. 잠시 후 다시 시도해 주세요')
    // Not "no alerts": nobody knows yet.
    expect(screen.queryByText('아직 새 알림이 없어요')).toBeNull()
    failing = false
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }))
    await screen.findByText('아직 새 알림이 없어요')
    expect(fake.calls.filter((c) => c.channel === 'alerts:list')).toHaveLength(2)
  })
})
