import { mkdtemp } from 'node:fs/promises'
import { join } from 'node:path'
import type { Channel } from '@shared/ipc/channels'
import type { Input, Output } from '@shared/ipc/contract'
import { createMagpie, type Magpie } from '../../src/main/app/create-magpie'
import type { SynchronousMode } from '../../src/main/store/database'
import { createRecordingDesktop, type RecordingDesktop } from '../../src/harness/recording-desktop'
import { createHarnessShell } from '../../src/harness/harness-shell'
import { seedEmail, seedPassword } from '../../tests/support/main/seed'

export interface BenchMagpie {
  magpie: Magpie
  desktop: RecordingDesktop
  /** One IPC call through Magpie's dispatcher, exactly as the renderer makes it (minus the pipe). */
  call<C extends Channel>(channel: C, ...input: Input<C> extends void ? [] : [Input<C>]): Promise<Output<C>>
  /** Signs in as seeded user n (user{n}@magpie.test). */
  login(n?: number): Promise<string>
  close(): void
}

/**
 * Magpie's main process in this process: createMagpie with the recording desktop double,
 * as the harness and Electron start it, on a (copied) seeded store.
 */
export async function openMagpie(
  dataDir: string,
  options: { synchronous?: SynchronousMode; watchIntervalMs?: number; focused?: boolean; desktop?: RecordingDesktop } = {}
): Promise<BenchMagpie> {
  const desktop = options.desktop ?? createRecordingDesktop()
  desktop.setFocused(options.focused ?? true)
  const profileDir = await mkdtemp(join(dataDir, 'profile-'))
  const magpie = await createMagpie({
    dataDir,
    profileDir,
    desktop: desktop.port,
    shell: createHarnessShell(profileDir, () => {}).port,
    emit: () => {},
    mediaUrl: (file) => `/media/${file}`,
    cipher: null,
    synchronous: options.synchronous,
    watchIntervalMs: options.watchIntervalMs
  })
  const call = (async (channel: Channel, input?: unknown) => {
    const result = await magpie.dispatch(channel, input)
    if (!result.ok) throw new Error(`${channel} refused: ${result.error.code} ${result.error.message}`)
    return result.data
  }) as BenchMagpie['call']
  return {
    magpie,
    desktop,
    call,
    async login(n = 1) {
      const session = await call('auth:login', { email: seedEmail(n), password: seedPassword })
      return session.user!.id
    },
    close: () => magpie.close()
  }
}
