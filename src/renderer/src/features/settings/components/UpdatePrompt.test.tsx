// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { format, messages } from '@shared/messages'
import type { ShellView } from '@shared/types'
import { installFakeMagpie, ok, renderWithApp, sampleShell } from '@tests/support/renderer/render'
import { holdLeaveGuard } from '@/shared/lib/leave-guard'
import { UpdatePrompt } from './UpdatePrompt'

afterEach(cleanup)

const ready = (version: string, notes = ''): ShellView => sampleShell({ update: { state: 'ready', version, notes, needsPassword: false } })

async function start(view: ShellView = sampleShell()) {
  const fake = installFakeMagpie({ 'app:shell': () => ok(view), 'app:restartToUpdate': () => ok(undefined) })
  const app = renderWithApp(<UpdatePrompt />)
  await vi.waitFor(() => expect(fake.calls.some((c) => c.channel === 'app:shell')).toBe(true))
  const announce = (next: ShellView) =>
    act(async () => {
      fake.emit('shell:changed', next)
      // TanStack Query tells its observers on the next task.
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  return { fake, app, announce }
}

describe('UpdatePrompt', () => {
  it('shows nothing until a version is ready, then a card that takes no focus', async () => {
    const { announce } = await start()
    await announce(sampleShell({ update: { state: 'downloading', version: '0.2.0', percent: 50 } }))
    expect(screen.queryByTestId('update-prompt')).toBeNull()
    const before = document.activeElement
    await announce(ready('0.2.0', '빨라진 피드'))
    const card = screen.getByRole('complementary', { name: messages.updateReady })
    expect(card.textContent).toContain(format.updateVersion('0.2.0'))
    expect(document.activeElement).toBe(before)
  })

  it('shows release notes as text, never as HTML, line breaks kept', async () => {
    const notes = '<img src=x onerror="window.pwned=1">\n두 번째 줄'
    await start(ready('0.2.0', notes))
    const shown = await screen.findByTestId('release-notes')
    expect(shown.textContent).toBe(notes)
    expect(shown.querySelector('img')).toBeNull()
    expect(screen.getByText(messages.updateNotes).tagName).toBe('SUMMARY')
  })

  it('다시 시작 asks main to install; 나중에 hides it for that version only', async () => {
    const { fake, app, announce } = await start(ready('0.2.0'))
    const card = await screen.findByTestId('update-prompt')
    fireEvent.click(within(card).getByRole('button', { name: messages.updateRestart }))
    await vi.waitFor(() => expect(fake.calls.some((c) => c.channel === 'app:restartToUpdate')).toBe(true))

    fireEvent.click(within(card).getByRole('button', { name: messages.updateLater }))
    expect(screen.queryByTestId('update-prompt')).toBeNull()
    await announce(ready('0.2.0'))
    expect(screen.queryByTestId('update-prompt')).toBeNull()
    // A reload after a crash does not ask again either.
    app.unmount()
    renderWithApp(<UpdatePrompt />)
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.channel === 'app:shell')).toHaveLength(2))
    await announce(ready('0.2.0'))
    expect(screen.queryByTestId('update-prompt')).toBeNull()
    await announce(ready('0.3.0'))
    expect(screen.getByTestId('update-prompt').textContent).toContain(format.updateVersion('0.3.0'))
  })

  it('다시 시작 quits the app: the editor holding unsaved writing is asked first, and nothing restarts until the person leaves it', async () => {
    const { fake } = await start(ready('0.2.0'))
    let leave: () => void = () => {}
    const release = holdLeaveGuard((go) => {
      leave = go
      return true
    })
    const card = await screen.findByTestId('update-prompt')
    fireEvent.click(within(card).getByRole('button', { name: messages.updateRestart }))
    expect(fake.calls.some((c) => c.channel === 'app:restartToUpdate')).toBe(false)
    act(() => leave())
    await vi.waitFor(() => expect(fake.calls.some((c) => c.channel === 'app:restartToUpdate')).toBe(true))
    release()
  })
})
