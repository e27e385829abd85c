// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Link, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applySession } from '@/shared/lib/session'
import { CurrentPath, installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { LastPlaceProvider, useRememberPlace } from '../return-to'
import { LoginRoute } from './login'
import { SignUpRoute } from './signup'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }

afterEach(cleanup)

/** The login and sign-up routes under the app's memory of the last place, as App gives them. */
function Screens() {
  return (
    <LastPlaceProvider>
      <Places />
    </LastPlaceProvider>
  )
}

function Places() {
  useRememberPlace()
  return (
    <>
      <Routes>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/signup" element={<SignUpRoute />} />
        <Route path="*" element={<Link to="/login">로그인하러 가기</Link>} />
      </Routes>
      <CurrentPath />
    </>
  )
}

describe('login and sign-up routes', () => {
  it.each(['/login', '/signup'])('signed in already, %s goes to the feed', async (route) => {
    installFakeMagpie({})
    renderWithApp(<Screens />, { session: me, route })
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'))
    expect(screen.queryByRole('button', { name: '로그인' })).toBeNull()
  })

  it('after login the reader is back on the post they left for the login form', async () => {
    const fake = installFakeMagpie({ 'auth:login': () => ok(me) })
    renderWithApp(<Screens />, { route: '/detail/post-7' })
    fireEvent.click(screen.getByText('로그인하러 가기'))
    expect(screen.getByTestId('path').textContent).toBe('/login')
    fireEvent.change(screen.getByLabelText('아이디(이메일)'), { target: { value: 'me@example.com' } })
    fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: 'magpie-pass-1' } })
    fireEvent.click(screen.getByRole('button', { name: '로그인' }))
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/detail/post-7'))
    expect(fake.calls).toEqual([{ channel: 'auth:login', input: { email: 'me@example.com', password: 'magpie-pass-1' } }])
  })

  it('main’s session event arriving before the login answer still lands on the same post', async () => {
    let answer: (value: unknown) => void = () => {}
    installFakeMagpie({ 'auth:login': () => new Promise((resolve) => (answer = resolve)) })
    const { client } = renderWithApp(<Screens />, { route: '/detail/post-7' })
    fireEvent.click(screen.getByText('로그인하러 가기'))
    fireEvent.change(screen.getByLabelText('아이디(이메일)'), { target: { value: 'me@example.com' } })
    fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: 'magpie-pass-1' } })
    fireEvent.click(screen.getByRole('button', { name: '로그인' }))
    await act(async () => applySession(client, me))
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/detail/post-7'))
    await act(async () => answer(ok(me)))
    expect(screen.getByTestId('path').textContent).toBe('/detail/post-7')
  })
})
