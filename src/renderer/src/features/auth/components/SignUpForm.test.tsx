// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@shared/messages'
import { deferred, installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { SignUpForm } from './SignUpForm'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

afterEach(cleanup)

const fill = () => {
  fireEvent.change(screen.getByLabelText('아이디(이메일)'), { target: { value: 'new@example.com' } })
  fireEvent.change(screen.getByLabelText('닉네임'), { target: { value: '까치' } })
  fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: 'magpie-pass-1' } })
  fireEvent.change(screen.getByLabelText('비밀번호 확인'), { target: { value: 'magpie-pass-1' } })
}

describe('SignUpForm', () => {
  it('sends one sign-up however often the button is clicked while the first is on its way', async () => {
    const answer = deferred()
    const fake = installFakeMagpie({ 'auth:signUp': () => answer.promise })
    renderWithApp(<SignUpForm />)
    fill()
    // A profile photo is read before anything is sent: the slow moment a second click used to slip through.
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
    const photo = new File([new Uint8Array(png)], 'me.png', { type: 'image/png' })
    const read = deferred<ArrayBuffer>()
    photo.arrayBuffer = () => read.promise
    fireEvent.change(screen.getByTestId('profile-image-input'), { target: { files: [photo] } })
    await screen.findByAltText(messages.preview)
    const button = screen.getByRole('button', { name: '회원가입' })
    fireEvent.click(button)
    fireEvent.click(button)
    expect(button.hasAttribute('disabled')).toBe(true)
    await act(async () => read.resolve(new Uint8Array(png).buffer))
    fireEvent.click(button)
    await waitFor(() => expect(fake.calls).toHaveLength(1))
    await act(async () => answer.resolve(ok({ user: { id: 'u', nickname: '까치', avatar: null, email: 'new@example.com' } })))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('까치님, 가입을 환영해요!'))
    expect(fake.calls).toHaveLength(1)
  })

  it('refuses a profile photo over 10 MB or of a type main does not take at once, and never reads or sends it', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }))
    const fake = installFakeMagpie({ 'auth:signUp': () => ok({ user: { id: 'u', nickname: '까치', avatar: null, email: 'new@example.com' } }) })
    renderWithApp(<SignUpForm />)
    fill()
    const huge = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'huge.jpg', { type: 'image/jpeg' })
    Object.defineProperty(huge, 'size', { value: 26 * 1024 * 1024 })
    const read = vi.fn()
    huge.arrayBuffer = read
    fireEvent.change(screen.getByTestId('profile-image-input'), { target: { files: [huge] } })
    expect(screen.getByRole('alert').textContent).toBe(messages.imageTooLarge)
    fireEvent.change(screen.getByTestId('profile-image-input'), { target: { files: [new File(['%PDF'], 'me.pdf', { type: 'application/pdf' })] } })
    expect(screen.getByRole('alert').textContent).toBe(messages.imageUnsupported)
    expect(screen.queryByAltText(messages.preview)).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: '회원가입' }))
    await waitFor(() => expect(fake.calls).toHaveLength(1))
    expect(read).not.toHaveBeenCalled()
    expect(fake.calls[0]!.input).toMatchObject({ profileImage: null })
    vi.unstubAllGlobals()
  })

  it('refuses, when chosen, a file that is not a photo whatever its name and declared type say; a photo then shows', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }))
    installFakeMagpie({})
    renderWithApp(<SignUpForm />)
    const input = screen.getByTestId('profile-image-input')
    fireEvent.change(input, { target: { files: [new File(['just some notes'], 'notes.jpg', { type: 'image/jpeg' })] } })
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', messages.imageUnsupported)
    expect(screen.queryByAltText(messages.preview)).toBeNull()
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'scan', { type: '' })] } })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.imageUnsupported))
    expect(screen.queryByAltText(messages.preview)).toBeNull()

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' })] } })
    expect(await screen.findByAltText(messages.preview)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    vi.unstubAllGlobals()
  })

  it('counts the nickname as it is typed, against its 20-character limit', () => {
    installFakeMagpie({})
    renderWithApp(<SignUpForm />)
    const nickname = screen.getByLabelText('닉네임')
    fireEvent.change(nickname, { target: { value: '까치🐦' } })
    expect(screen.getByTestId('char-counter').textContent).toContain('3/20')
    fireEvent.change(nickname, { target: { value: '가'.repeat(21) } })
    expect(screen.getByTestId('char-counter').getAttribute('data-state')).toBe('over')
    expect(nickname.getAttribute('aria-describedby')).toContain('nickname-counter')
  })

  it('offers in the picker the photo types main decodes, iPhone HEIC included', () => {
    installFakeMagpie({})
    renderWithApp(<SignUpForm />)
    const accept = screen.getByTestId('profile-image-input').getAttribute('accept')!
    expect(accept.split(',')).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif'])
  })
})
