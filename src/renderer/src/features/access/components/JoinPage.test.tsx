// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import { installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { JoinPage } from './JoinPage'
import { JoinRequestsSection } from './JoinRequestsSection'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

afterEach(cleanup)

const user = { id: 'u', nickname: '밥', avatar: null, email: 'bob@example.com' }

describe('가입 요청 (decision 045)', () => {
  it('sends the message typed; a message over 200 characters is told, not sent', async () => {
    const fake = installFakeMagpie({
      'access:request': () => ok({ user, access: { request: { message: '안녕하세요', at: Date.now() }, removed: false } })
    })
    renderWithApp(<JoinPage access={{ request: null, removed: false }} />)
    expect(screen.getByRole('heading', { level: 1, name: messages.joinTitle })).toBeTruthy()
    fireEvent.change(screen.getByLabelText(messages.joinMessageLabel), { target: { value: '가'.repeat(201) } })
    expect(screen.getByRole('alert').textContent).toBe(messages.joinMessageTooLong)
    fireEvent.click(screen.getByRole('button', { name: messages.joinSend }))
    expect(fake.calls).toHaveLength(0)
    fireEvent.change(screen.getByLabelText(messages.joinMessageLabel), { target: { value: '안녕하세요' } })
    fireEvent.click(screen.getByRole('button', { name: messages.joinSend }))
    await waitFor(() => expect(fake.calls.map((c) => [c.channel, c.input])).toEqual([['access:request', { message: '안녕하세요' }]]))
  })

  it('shows a request sent with 요청 취소, which withdraws it', async () => {
    const fake = installFakeMagpie({ 'access:withdraw': () => ok({ user, access: { request: null, removed: false } }) })
    renderWithApp(<JoinPage access={{ request: { message: '안녕하세요', at: Date.now() }, removed: false }} />)
    expect(screen.getByText(messages.joinSent)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: messages.joinWithdraw }))
    await waitFor(() => expect(fake.calls.map((c) => c.channel)).toEqual(['access:withdraw']))
  })

  it('shows the code form the app gives it below the request, also after one is sent (decision 047)', () => {
    installFakeMagpie({})
    renderWithApp(<JoinPage access={{ request: { message: '안녕하세요', at: Date.now() }, removed: false }} codeForm={<form aria-label="초대 코드로 가입" />} />)
    expect(screen.getByText(messages.joinSent)).toBeTruthy()
    expect(screen.getByRole('form', { name: '초대 코드로 가입' })).toBeTruthy()
  })

  it('tells a removed member why they are outside', () => {
    installFakeMagpie({})
    renderWithApp(<JoinPage access={{ request: null, removed: true }} />)
    expect(screen.getByRole('status').textContent).toBe(messages.joinRemoved)
  })

  it('lists the pending requests by nickname and approves one', async () => {
    const pending = [{ id: 'uid-bob', nickname: '밥', message: '사진 좋아해요', at: Date.now() }]
    const fake = installFakeMagpie({ 'access:requests': () => ok(pending), 'access:approve': () => ok([]) })
    renderWithApp(<JoinRequestsSection />)
    expect(await screen.findByText('사진 좋아해요')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: `밥 ${messages.joinApprove}` }))
    expect(await screen.findByText(messages.joinRequestsNone)).toBeTruthy()
    expect(fake.calls.some((c) => c.channel === 'access:approve' && (c.input as { id: string }).id === 'uid-bob')).toBe(true)
  })
})
