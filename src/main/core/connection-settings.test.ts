import { existsSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppErrorShape } from '@shared/ipc/contract'
import { messages } from '@shared/messages'
import type { ConnectionStatus, FirebaseWebConfig } from '@shared/types'
import type { BackendSwitch } from './backend-switch'
import { communityFile, readSavedCommunity, saveCommunity } from '../config/settings-file'
import { AppError } from '../errors'
import { createSettingsService } from './connection-settings'
import { kkachiCommunity } from '../../../tests/support/community-config'
import { tempDirs } from '../../../tests/support/temp-dirs'

const config = kkachiCommunity
const other: FirebaseWebConfig = {
  ...config,
  authDomain: 'other-club.firebaseapp.com',
  projectId: 'other-club',
  storageBucket: 'other-club.appspot.com',
  databaseURL: 'https://other-club.firebaseio.com'
}

/** A BackendSwitch test double: records every call in order and switches when asked. */
function fakeBackend(start: FirebaseWebConfig | null = null) {
  const log: string[] = []
  let running = start
  const double = {
    log,
    /** What the probe does with the next config; resolves by default. */
    probeWith: (_config: FirebaseWebConfig): Promise<void> => Promise.resolve(),
    useWith: (_config: FirebaseWebConfig | null): Promise<void> => Promise.resolve(),
    switch: {
      status: (): ConnectionStatus => (running ? { mode: 'community', projectId: running.projectId, online: true } : { mode: 'local' }),
      async probe(config) {
        log.push(`probe ${config.projectId}`)
        await double.probeWith(config)
        log.push(`probed ${config.projectId}`)
      },
      async use(config) {
        log.push(`use ${config?.projectId ?? 'local'}`)
        await double.useWith(config)
        running = config
      }
    } satisfies BackendSwitch
  }
  return double
}

const dirs = tempDirs('magpie-settings-service-')
const profileDir = dirs.make

afterEach(() => {
  vi.restoreAllMocks()
  dirs.removeAll()
})

async function refusal(promise: Promise<unknown>): Promise<AppErrorShape> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(AppError)
  return (error as AppError).toShape()
}

describe('settings service', () => {
  it('says local mode when nothing is connected', () => {
    const backend = fakeBackend()
    const settings = createSettingsService({ backend: backend.switch, profileDir: profileDir(), community: null, managed: false })
    expect(settings.get()).toEqual({ status: { mode: 'local' }, config: null, managed: false })
  })

  it('tries the config before saving it, then switches to it', async () => {
    const backend = fakeBackend()
    const dir = profileDir()
    let savedDuringProbe: unknown = 'not probed'
    backend.probeWith = async () => {
      savedDuringProbe = readSavedCommunity(dir)
    }
    const settings = createSettingsService({ backend: backend.switch, profileDir: dir, community: null, managed: false })

    const view = await settings.connect({ ...config, apiKey: `  ${config.apiKey}\n`, authDomain: 'KKACHI-community.firebaseapp.com' })

    expect(savedDuringProbe).toBeNull()
    expect(backend.log).toEqual(['probe kkachi-community', 'probed kkachi-community', 'use kkachi-community'])
    expect(view).toEqual({ status: { mode: 'community', projectId: 'kkachi-community', online: true }, config, managed: false })
    expect(JSON.parse(readFileSync(communityFile(dir), 'utf8'))).toEqual(config)
    expect(settings.get()).toEqual(view)
  })

  it('refuses an invalid config with the first broken field, trying and saving nothing', async () => {
    const backend = fakeBackend()
    const dir = profileDir()
    const settings = createSettingsService({ backend: backend.switch, profileDir: dir, community: null, managed: false })
    expect(await refusal(settings.connect({ ...config, projectId: 'Bad Id', appId: 'x' }))).toEqual({
      code: 'configProjectIdCharacters',
      message: messages.configProjectIdCharacters,
      field: 'projectId'
    })
    expect(await refusal(settings.connect({ ...config, databaseURL: 'https://evil.example' }))).toMatchObject({
      code: 'configDatabaseUrlInvalid',
      field: 'databaseURL'
    })
    expect(backend.log).toEqual([])
    expect(existsSync(communityFile(dir))).toBe(false)
  })

  it('keeps what runs when the project refuses or cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const backend = fakeBackend(config)
    const dir = profileDir()
    await saveCommunity(dir, config)
    const settings = createSettingsService({ backend: backend.switch, profileDir: dir, community: config, managed: false })

    backend.probeWith = () => Promise.reject(new AppError('connectRefused'))
    expect(await refusal(settings.connect(other))).toMatchObject({ code: 'connectRefused' })
    // A failure that is not the probe's own message is the network's.
    backend.probeWith = () => Promise.reject(new TypeError('fetch failed'))
    expect(await refusal(settings.connect(other))).toMatchObject({ code: 'connectUnreachable' })
    expect(warn).toHaveBeenCalledOnce()

    expect(backend.log).toEqual(['probe other-club', 'probe other-club'])
    expect(readSavedCommunity(dir)).toEqual(config)
    expect(settings.get().config).toEqual(config)
  })

  it('puts the saved file back when the switch itself fails', async () => {
    const backend = fakeBackend(config)
    const dir = profileDir()
    await saveCommunity(dir, config)
    const settings = createSettingsService({ backend: backend.switch, profileDir: dir, community: config, managed: false })
    backend.useWith = () => Promise.reject(new AppError('connectUnreachable'))
    expect(await refusal(settings.connect(other))).toMatchObject({ code: 'connectUnreachable' })
    expect(readSavedCommunity(dir)).toEqual(config)
    expect(settings.get()).toMatchObject({ status: { projectId: 'kkachi-community' }, config })

    // From local mode, a failed switch leaves no file at all.
    const local = fakeBackend()
    local.useWith = () => Promise.reject(new Error('mirror store would not open'))
    const fresh = profileDir()
    const fromLocal = createSettingsService({ backend: local.switch, profileDir: fresh, community: null, managed: false })
    await expect(fromLocal.connect(config)).rejects.toThrow('mirror store would not open')
    expect(existsSync(communityFile(fresh))).toBe(false)
  })

  it('disconnects back to the local store and forgets the saved config', async () => {
    const backend = fakeBackend(config)
    const dir = profileDir()
    await saveCommunity(dir, config)
    const settings = createSettingsService({ backend: backend.switch, profileDir: dir, community: config, managed: false })
    expect(await settings.disconnect()).toEqual({ status: { mode: 'local' }, config: null, managed: false })
    expect(backend.log).toEqual(['use local'])
    expect(existsSync(communityFile(dir))).toBe(false)
    // Already local: nothing to switch, still answers.
    expect(await settings.disconnect()).toEqual({ status: { mode: 'local' }, config: null, managed: false })
    expect(backend.log).toEqual(['use local'])
  })

  it('a managed installation shows its config and refuses every change', async () => {
    const backend = fakeBackend(config)
    const dir = profileDir()
    const settings = createSettingsService({ backend: backend.switch, profileDir: dir, community: config, managed: true })
    expect(settings.get()).toEqual({ status: { mode: 'community', projectId: 'kkachi-community', online: true }, config, managed: true })
    expect(await refusal(settings.connect(other))).toEqual({ code: 'settingsManaged', message: messages.settingsManaged })
    expect(await refusal(settings.disconnect())).toEqual({ code: 'settingsManaged', message: messages.settingsManaged })
    expect(backend.log).toEqual([])
    expect(existsSync(communityFile(dir))).toBe(false)
  })

  it('runs one switch at a time', async () => {
    const backend = fakeBackend()
    let release: () => void = () => {}
    backend.probeWith = (c) => (c.projectId === 'kkachi-community' ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve())
    const dir = profileDir()
    const settings = createSettingsService({ backend: backend.switch, profileDir: dir, community: null, managed: false })
    const first = settings.connect(config)
    const second = settings.connect(other)
    const third = settings.disconnect()
    await vi.waitFor(() => expect(backend.log).toEqual(['probe kkachi-community']))
    release()
    await Promise.all([first, second, third])
    expect(backend.log).toEqual([
      'probe kkachi-community',
      'probed kkachi-community',
      'use kkachi-community',
      'probe other-club',
      'probed other-club',
      'use other-club',
      'use local'
    ])
    expect(existsSync(communityFile(dir))).toBe(false)
  })
})
