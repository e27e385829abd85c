// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { messages } from '@shared/messages'
import type { SessionView } from '@shared/types'
import { installFakeMagpie, renderWithApp } from '@tests/support/renderer/render'
import { DeletionBanner } from './DeletionBanner'

afterEach(cleanup)

async function start(session: SessionView, answer: SessionView = { user: null }) {
  const calls: unknown[] = []
  installFakeMagpie({
    'auth:session': () => ({ ok: true, data: session }),
    'account:delete': (input: unknown) => {
      calls.push(input)
      return { ok: true, data: answer }
    }
  })
  const app = renderWithApp(<DeletionBanner />)
  await act(async () => {
    await app.client.refetchQueries({ queryKey: ['session'] })
  })
  return { ...app, calls }
}

describe('회원 탈퇴 banner (decision 027)', () => {
  it('says a deletion is being finished, and nothing once there is none', async () => {
    await start({ user: null, accountDeletion: 'finishing' })
    expect((await screen.findByTestId('deletion-banner')).textContent).toBe(messages.accountDeletionFinishing)
    cleanup()
    await start({ user: null })
    expect(screen.queryByTestId('deletion-banner')).toBeNull()
  })

  it('asks for the password again when Firebase wants it, and sends it to finish', async () => {
    const { calls } = await start({ user: null, accountDeletion: 'needsPassword' })
    expect(await screen.findByText(messages.accountDeletionNeedsPassword)).toBeTruthy()
    fireEvent.change(screen.getByLabelText(messages.deleteAccountPassword, { selector: 'input' }), { target: { value: 'magpie-pass-1' } })
    fireEvent.click(screen.getByRole('button', { name: messages.accountDeletionFinish }))
    // The banner goes once main's answer (the session, deletion finished) has come back.
    await waitFor(() => expect(screen.queryByTestId('deletion-banner')).toBeNull())
    expect(calls).toEqual([{ password: 'magpie-pass-1' }])
  })
})
