// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { format, messages } from '@shared/messages'
import type { ShellPreferences, ShellView } from '@shared/types'
import { ConfirmProvider } from '@/shared/ui/ConfirmProvider'
import { fail, installFakeMagpie, ok, renderWithApp, sampleShell } from '@tests/support/renderer/render'
import { SettingsButton } from './SettingsButton'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

afterEach(cleanup)

/** 설정 open, with a main whose shell view follows setPreferences as the real one does. */
async function openApp(start: ShellView = sampleShell(), refuse = false) {
  let view = start
  const fake = installFakeMagpie({
    'settings:get': () => ok({ status: { mode: 'local' }, config: null, managed: false }),
    'app:shell': () => ok(view),
    'app:setPreferences': (changes) => {
      if (refuse) return fail('serverError', messages.serverError)
      view = { ...view, ...(changes as Partial<ShellPreferences>) }
      return ok(view)
    },
    'app:checkForUpdates': () => ok(view),
    'app:restartToUpdate': () => ok(undefined)
  })
  renderWithApp(
    <ConfirmProvider>
      <SettingsButton />
    </ConfirmProvider>
  )
  fireEvent.click(screen.getByRole('button', { name: messages.settings }))
  const dialog = await screen.findByRole('dialog', { name: messages.settings })
  const section = await within(dialog).findByRole('region', { name: messages.shellSection })
  await within(section).findByText(format.aboutVersion('0.1.0'))
  const announce = (next: ShellView) =>
    act(async () => {
      fake.emit('shell:changed', (view = next))
      // TanStack Query tells its observers on the next task.
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  return { fake, section, announce }
}

const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement

describe('설정 → 앱', () => {
  it('shows the version and two labelled switches that save through main', async () => {
    const { fake } = await openApp()
    expect(switchNamed(messages.autoUpdateLabel).checked).toBe(true)
    const login = switchNamed(messages.openAtLoginLabel)
    expect(login.checked).toBe(false)
    expect(login.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(login.getAttribute('aria-describedby')!)?.textContent).toBe(messages.openAtLoginHint)

    fireEvent.click(login)
    await vi.waitFor(() => expect(switchNamed(messages.openAtLoginLabel).checked).toBe(true))
    expect(fake.calls.find((c) => c.channel === 'app:setPreferences')?.input).toEqual({ openAtLogin: true })
    fireEvent.click(switchNamed(messages.autoUpdateLabel))
    await vi.waitFor(() => expect(switchNamed(messages.autoUpdateLabel).checked).toBe(false))
    expect(fake.calls.filter((c) => c.channel === 'app:setPreferences').map((c) => c.input)).toEqual([{ openAtLogin: true }, { autoUpdate: false }])
  })

  it('the update channel is a labelled 안정 / 베타 choice that saves through main', async () => {
    const { fake } = await openApp()
    const channel = screen.getByRole('combobox', { name: messages.updateChannelLabel }) as HTMLSelectElement
    expect(channel.value).toBe('stable')
    expect([...channel.options].map((option) => option.textContent)).toEqual([messages.updateChannelStable, messages.updateChannelBeta])
    expect(document.getElementById(channel.getAttribute('aria-describedby')!)?.textContent).toBe(messages.updateChannelHint)
    fireEvent.change(channel, { target: { value: 'beta' } })
    await vi.waitFor(() => expect(fake.calls.find((c) => c.channel === 'app:setPreferences')?.input).toEqual({ updateChannel: 'beta' }))
  })

  it('a ready .deb update says first that the system will ask for the password', async () => {
    const { section, announce } = await openApp()
    await announce(sampleShell({ update: { state: 'ready', version: '0.2.0', notes: '', needsPassword: false } }))
    expect(section.textContent).not.toContain(messages.updateNeedsPassword)
    await announce(sampleShell({ update: { state: 'ready', version: '0.2.0', notes: '', needsPassword: true } }))
    expect(section.textContent).toContain(messages.updateNeedsPassword)
  })

  it('a refused switch goes back and says why in Korean', async () => {
    await openApp(sampleShell(), true)
    fireEvent.click(switchNamed(messages.openAtLoginLabel))
    expect((await screen.findByRole('alert')).textContent).toBe(messages.serverError)
    expect(switchNamed(messages.openAtLoginLabel).checked).toBe(false)
  })

  it('follows the update through shell:changed: checking, downloading with a progress bar, ready, failed', async () => {
    const { fake, section, announce } = await openApp()
    const status = within(section).getByTestId('update-status')
    fireEvent.click(within(section).getByRole('button', { name: messages.updateCheck }))
    await vi.waitFor(() => expect(fake.calls.some((c) => c.channel === 'app:checkForUpdates')).toBe(true))

    await announce(sampleShell({ update: { state: 'checking' } }))
    expect(status.textContent).toContain(messages.updateChecking)
    expect(within(section).getByRole('button', { name: messages.updateCheck }).getAttribute('aria-disabled')).toBe('true')

    await announce(sampleShell({ update: { state: 'downloading', version: '0.2.0', percent: 42 } }))
    const bar = within(section).getByRole('progressbar', { name: format.updateVersion('0.2.0') }) as HTMLProgressElement
    expect(bar.value).toBe(42)
    expect(bar.getAttribute('aria-valuetext')).toBe(format.updateDownloading(42))
    expect(status.textContent).toContain(format.updateDownloading(42))

    await announce(sampleShell({ update: { state: 'ready', version: '0.2.0', notes: '빨라진 피드', needsPassword: false } }))
    expect(within(section).queryByRole('progressbar')).toBeNull()
    expect(status.textContent).toContain(messages.updateReady)
    fireEvent.click(within(section).getByRole('button', { name: messages.updateRestart }))
    await vi.waitFor(() => expect(fake.calls.some((c) => c.channel === 'app:restartToUpdate')).toBe(true))

    await announce(sampleShell({ update: { state: 'failed' } }))
    expect(status.textContent).toContain(messages.updateFailed)
    await announce(sampleShell({ update: { state: 'idle', checkedAt: Date.now() } }))
    expect(status.textContent).toContain(messages.updateLatest)
  })

  it('with automatic updates off, a check asked for here that finds nothing says this is the latest', async () => {
    const { section, announce } = await openApp(sampleShell({ autoUpdate: false, update: { state: 'off', checkedAt: null } }))
    const status = within(section).getByTestId('update-status')
    expect(status.textContent).not.toContain(messages.updateLatest)
    fireEvent.click(within(section).getByRole('button', { name: messages.updateCheck }))
    await announce(sampleShell({ autoUpdate: false, update: { state: 'checking' } }))
    // Main rests at 'off' again, with when it checked: nothing was found.
    await announce(sampleShell({ autoUpdate: false, update: { state: 'off', checkedAt: Date.now() } }))
    await vi.waitFor(() => expect(status.textContent).toContain(messages.updateLatest))
  })

  it('a copy that cannot update itself says so, offers no check, and its automatic switch is off limits', async () => {
    const { section } = await openApp(sampleShell({ update: { state: 'unsupported' } }))
    expect(within(section).getByTestId('update-status').textContent).toContain(messages.updateUnsupported)
    expect(within(section).queryByRole('button', { name: messages.updateCheck })).toBeNull()
    expect(switchNamed(messages.autoUpdateLabel).disabled).toBe(true)
    expect(switchNamed(messages.openAtLoginLabel).disabled).toBe(false)
  })
})

describe('the app menu’s 설정…', () => {
  it('opens the dialog with focus inside, and gives focus back to where it was on close', async () => {
    const fake = installFakeMagpie({ 'settings:get': () => ok({ status: { mode: 'local' }, config: null, managed: false }) })
    renderWithApp(
      <ConfirmProvider>
        <input aria-label="검색" />
        <SettingsButton />
      </ConfirmProvider>
    )
    const field = screen.getByLabelText('검색')
    field.focus()
    await act(async () => fake.emit('app:command', { command: 'settings' }))
    const dialog = await screen.findByRole('dialog', { name: messages.settings })
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await vi.waitFor(() => expect(document.activeElement).toBe(field))
  })
})
