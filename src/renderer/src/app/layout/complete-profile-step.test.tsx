// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import { deferred, fail, installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { AppRoutes } from '../router'
import { LastPlaceProvider } from '../return-to'

const App = () => (
  <LastPlaceProvider>
    <AppRoutes />
  </LastPlaceProvider>
)

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

afterEach(cleanup)

const halfway = { user: null, profileToComplete: { email: 'halfway@example.com' } }
const member = { user: { id: 'u', nickname: '반쪽', avatar: null, email: 'halfway@example.com' } }

describe('the 프로필 완성 step (a web-app account without its users document)', () => {
  it('stands in for every screen until the nickname is saved, with the sign-up form\'s rules; then the app goes on signed in', async () => {
    const answer = deferred()
    const fake = installFakeMagpie({
      'auth:completeProfile': () => answer.promise,
      'posts:feed': () => ok({ posts: [], nextCursor: null }),
      'alerts:list': () => ok({ alerts: [], unseen: 0 })
    })
    renderWithApp(<App />, { session: halfway, route: '/write/new' })
    expect(await screen.findByRole('heading', { name: messages.completeProfile })).toBeTruthy()
    expect(screen.getByText('halfway@example.com')).toBeTruthy()
    // The top bar neither greets a stranger nor offers 로그인/회원가입 to someone signed in.
    expect(screen.getByText(messages.completeProfileGreeting)).toBeTruthy()
    expect(screen.queryByRole('link', { name: messages.login })).toBeNull()
    expect(screen.queryByRole('link', { name: messages.signup })).toBeNull()
    const button = screen.getByRole('button', { name: messages.completeProfileSubmit })

    fireEvent.click(button)
    expect(screen.getByRole('alert').textContent).toBe(messages.nicknameRequired)
    fireEvent.change(screen.getByLabelText(messages.nicknameLabel), { target: { value: '가'.repeat(21) } })
    expect(screen.getByRole('alert').textContent).toBe(messages.nicknameTooLong)
    expect(screen.getByTestId('char-counter').getAttribute('data-state')).toBe('over')
    expect(fake.calls.filter((c) => c.channel === 'auth:completeProfile')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText(messages.nicknameLabel), { target: { value: '반쪽' } })
    fireEvent.click(button)
    fireEvent.click(button)
    await waitFor(() => expect(fake.calls.filter((c) => c.channel === 'auth:completeProfile')).toEqual([
      { channel: 'auth:completeProfile', input: { nickname: '반쪽', profileImage: null } }
    ]))
    await act(async () => answer.resolve(ok(member)))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('반쪽님, 프로필을 완성했어요!'))
    await waitFor(() => expect(screen.queryByRole('heading', { name: messages.completeProfile })).toBeNull())
    // The focus stays on a control (the top bar's home link), never the page body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: messages.home })))
  })

  it('shows main\'s refusal, and 로그아웃 leaves the step', async () => {
    const fake = installFakeMagpie({
      'auth:completeProfile': () => fail('permissionDenied', messages.permissionDenied),
      'auth:logout': () => ok({ user: null }),
      'posts:feed': () => ok({ posts: [], nextCursor: null })
    })
    renderWithApp(<App />, { session: halfway })
    fireEvent.change(await screen.findByLabelText(messages.nicknameLabel), { target: { value: '반쪽' } })
    fireEvent.click(screen.getByRole('button', { name: messages.completeProfileSubmit }))
    expect((await screen.findByRole('alert')).textContent).toBe(messages.permissionDenied)
    fireEvent.click(screen.getAllByRole('button', { name: messages.logout }).at(-1)!)
    await waitFor(() => expect(screen.queryByRole('heading', { name: messages.completeProfile })).toBeNull())
    expect(fake.calls.some((c) => c.channel === 'auth:logout')).toBe(true)
  })
})
