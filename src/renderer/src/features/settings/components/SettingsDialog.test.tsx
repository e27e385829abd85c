// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configFieldLabels } from '@shared/firebase-config'
import { format, messages } from '@shared/messages'
import type { FirebaseWebConfig, SettingsView } from '@shared/types'
import { ConfirmProvider } from '@/shared/ui/ConfirmProvider'
import { installFakeMagpie, renderWithApp } from '@tests/support/renderer/render'
import { OfflineBanner } from './OfflineBanner'
import { SettingsButton } from './SettingsButton'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const config: FirebaseWebConfig = {
  apiKey: 'AIzaSyDx3vQ9_kK2mQe7-TbUq0WZpL4nR8sYc1E',
  authDomain: 'kkachi-community.firebaseapp.com',
  projectId: 'kkachi-community',
  storageBucket: 'kkachi-community.appspot.com',
  databaseURL: 'https://kkachi-community-default-rtdb.firebaseio.com',
  appId: '1:482913570264:web:9c1f2e7a4b3d5c6e8f0a1b'
}
const local: SettingsView = { status: { mode: 'local' }, config: null, managed: false }
const connected: SettingsView = { status: { mode: 'community', projectId: config.projectId, online: true }, config, managed: false }
const ok = (data: unknown) => ({ ok: true, data })

afterEach(() => {
  cleanup()
  toast.success.mockClear()
  toast.error.mockClear()
})

async function openSettings(answers: Record<string, (input: unknown) => unknown>) {
  const fake = installFakeMagpie(answers)
  const app = renderWithApp(
    // As AppLayout composes them: the banner is what follows main's connection:changed.
    <ConfirmProvider>
      <OfflineBanner />
      <SettingsButton />
    </ConfirmProvider>
  )
  fireEvent.click(screen.getByRole('button', { name: '설정' }))
  const dialog = await screen.findByRole('dialog', { name: '설정' })
  return { fake, app, dialog }
}

/** The community part's calls (the 앱 part asks for the shell's view beside them). */
const settingsCalls = (fake: { calls: { channel: string }[] }) => fake.calls.map((c) => c.channel).filter((c) => c.startsWith('settings:'))

const field = (name: keyof FirebaseWebConfig) => screen.getByLabelText(messages[configFieldLabels[name]]) as HTMLInputElement
const type = (name: keyof FirebaseWebConfig, value: string) => fireEvent.change(field(name), { target: { value } })
const fill = (values: FirebaseWebConfig) => {
  for (const [name, value] of Object.entries(values)) type(name as keyof FirebaseWebConfig, value)
}

describe('settings dialog', () => {
  it('opens from the gear and shows local mode with an empty form', async () => {
    const { dialog } = await openSettings({ 'settings:get': () => ok(local) })
    expect(within(dialog).getByRole('heading', { name: messages.communityConnection })).toBeTruthy()
    expect(await within(dialog).findByText(messages.localOnly)).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: messages.connect })).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: messages.disconnect })).toBeNull()
    for (const name of ['apiKey', 'authDomain', 'projectId', 'storageBucket', 'databaseURL', 'appId'] as const) expect(field(name).value).toBe('')
  })

  it('says what is wrong with a field as it is typed, and stops once it is right', async () => {
    await openSettings({ 'settings:get': () => ok(local) })
    await screen.findByLabelText(messages.configLabelApiKey)
    type('apiKey', 'AIza123')
    expect(screen.getByText(messages.configApiKeyLength)).toBeTruthy()
    expect(field('apiKey').getAttribute('aria-invalid')).toBe('true')
    // Untouched fields stay quiet until submit.
    expect(screen.queryByText(messages.configAppIdInvalid)).toBeNull()
    type('apiKey', config.apiKey)
    expect(screen.queryByText(messages.configApiKeyLength)).toBeNull()
    type('databaseURL', 'http://kkachi.firebaseio.com')
    expect(screen.getByText(messages.configDatabaseUrlInvalid)).toBeTruthy()
  })

  it('submitting an incomplete form shows every field’s message and sends nothing', async () => {
    const { fake } = await openSettings({ 'settings:get': () => ok(local) })
    fireEvent.click(await screen.findByRole('button', { name: messages.connect }))
    expect(screen.getAllByText(messages.configFieldRequired)).toHaveLength(6)
    expect(document.activeElement).toBe(field('apiKey'))
    expect(settingsCalls(fake)).toEqual(['settings:get'])
  })

  it('fills the six fields from the pasted console snippet, and says when it cannot read it', async () => {
    await openSettings({ 'settings:get': () => ok(local) })
    const paste = await screen.findByLabelText(messages.configPasteLabel)
    fireEvent.change(paste, { target: { value: 'apiKey = AIza…' } })
    expect(screen.getByText(messages.configSnippetUnreadable)).toBeTruthy()
    const snippet = `const firebaseConfig = {\n${Object.entries(config)
      .map(([k, v]) => `  ${k}: "${v}",`)
      .join('\n')}\n  measurementId: "G-7XK2M9QZ3P"\n};`
    fireEvent.change(paste, { target: { value: snippet } })
    expect(screen.queryByText(messages.configSnippetUnreadable)).toBeNull()
    expect(screen.getByText(messages.configPasted)).toBeTruthy()
    for (const [name, value] of Object.entries(config)) expect(field(name as keyof FirebaseWebConfig).value).toBe(value)
  })

  it('connects: pending while main tries the project, then shows the community', async () => {
    let answer: (value: unknown) => void = () => {}
    const { fake } = await openSettings({
      'settings:get': () => ok(local),
      'settings:connect': () => new Promise((resolve) => (answer = resolve))
    })
    await screen.findByLabelText(messages.configLabelApiKey)
    fill(config)
    fireEvent.click(screen.getByRole('button', { name: messages.connect }))
    const pending = await screen.findByRole('button', { name: messages.connecting })
    expect((pending as HTMLButtonElement).disabled).toBe(true)
    await act(async () => answer(ok(connected)))
    expect(await screen.findByText(format.connectedTo('kkachi-community'))).toBeTruthy()
    expect(screen.getByTestId('connected-config').textContent).toContain(config.databaseURL)
    expect(screen.getByRole('button', { name: messages.disconnect })).toBeTruthy()
    expect(toast.success).toHaveBeenCalledWith(messages.connected)
    expect(fake.calls.find((c) => c.channel === 'settings:connect')?.input).toEqual(config)
  })

  it('says it connected even when main’s connection:changed arrives before the answer', async () => {
    let answer: (value: unknown) => void = () => {}
    const answers: Record<string, (input: unknown) => unknown> = {
      'settings:get': () => ok(local),
      'settings:connect': () => new Promise((resolve) => (answer = resolve))
    }
    const { fake } = await openSettings(answers)
    await screen.findByLabelText(messages.configLabelApiKey)
    fill(config)
    fireEvent.click(screen.getByRole('button', { name: messages.connect }))
    await screen.findByRole('button', { name: messages.connecting })
    // Main switches first (the form gives way to the connected view), then answers.
    answers['settings:get'] = () => ok(connected)
    await act(async () => fake.emit('connection:changed', connected.status))
    expect(await screen.findByText(format.connectedTo('kkachi-community'))).toBeTruthy()
    await act(async () => answer(ok(connected)))
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.connected))
  })

  it('shows main’s refusal and keeps everything typed', async () => {
    const refusals = [
      { code: 'connectUnreachable', message: messages.connectUnreachable },
      { code: 'connectRefused', message: messages.connectRefused }
    ]
    await openSettings({ 'settings:get': () => ok(local), 'settings:connect': () => ({ ok: false, error: refusals.shift() }) })
    await screen.findByLabelText(messages.configLabelApiKey)
    fill(config)
    fireEvent.click(screen.getByRole('button', { name: messages.connect }))
    expect(await screen.findByText(messages.connectUnreachable)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: messages.connect }))
    expect(await screen.findByText(messages.connectRefused)).toBeTruthy()
    expect(screen.queryByText(messages.connectUnreachable)).toBeNull()
    for (const [name, value] of Object.entries(config)) expect(field(name as keyof FirebaseWebConfig).value).toBe(value)
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('puts a field refusal from main under its field', async () => {
    await openSettings({
      'settings:get': () => ok(local),
      'settings:connect': () => ({ ok: false, error: { code: 'configProjectIdCharacters', message: messages.configProjectIdCharacters, field: 'projectId' } })
    })
    await screen.findByLabelText(messages.configLabelApiKey)
    fill(config)
    fireEvent.click(screen.getByRole('button', { name: messages.connect }))
    const message = await screen.findByText(messages.configProjectIdCharacters)
    expect(field('projectId').getAttribute('aria-describedby')?.split(' ')[0]).toBe(message.id)
  })

  it('disconnects only after the confirm, then offers the same config again', async () => {
    const { fake } = await openSettings({ 'settings:get': () => ok(connected), 'settings:disconnect': () => ok(local) })
    fireEvent.click(await screen.findByRole('button', { name: messages.disconnect }))
    const question = await screen.findByRole('alertdialog', { name: messages.confirmDisconnect })
    fireEvent.click(within(question).getByRole('button', { name: messages.cancel }))
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(settingsCalls(fake)).toEqual(['settings:get'])

    fireEvent.click(screen.getByRole('button', { name: messages.disconnect }))
    const again = await screen.findByRole('alertdialog', { name: messages.confirmDisconnect })
    fireEvent.click(within(again).getByRole('button', { name: messages.disconnect }))
    expect(await screen.findByText(messages.localOnly)).toBeTruthy()
    expect(toast.success).toHaveBeenCalledWith(messages.disconnected)
    expect(settingsCalls(fake)).toEqual(['settings:get', 'settings:disconnect'])
    expect(field('projectId').value).toBe(config.projectId)
  })

  it('a managed install is read-only', async () => {
    await openSettings({ 'settings:get': () => ok({ ...connected, managed: true }) })
    expect(await screen.findByText(messages.settingsManaged)).toBeTruthy()
    expect(screen.getByTestId('connected-config').textContent).toContain(config.apiKey)
    expect(screen.queryByRole('button', { name: messages.disconnect })).toBeNull()
    expect(screen.queryByRole('button', { name: messages.connect })).toBeNull()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('shows a community that cannot be reached as offline', async () => {
    await openSettings({ 'settings:get': () => ok({ ...connected, status: { ...connected.status, online: false } }) })
    const status = await screen.findByTestId('connection-status')
    expect(status.getAttribute('data-state')).toBe('offline')
    expect(status.textContent).toContain(messages.offlineBanner)
  })
})
