import { EventEmitter } from 'node:events'
import type { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { callsTo, resetElectron } from '../../../tests/support/electron-double'
import { debInstaller, installedFromDeb } from './updater'

beforeEach(() => resetElectron())

/** A child process that exits when the test says, as pkexec does once the person answers. */
function fakeSpawn() {
  const child = new EventEmitter()
  const run = vi.fn((..._args: unknown[]) => child)
  return { run: run as unknown as typeof spawn, calls: run.mock.calls, exit: (code: number) => child.emit('exit', code) }
}

describe('a .deb update', () => {
  it('runs pkexec dpkg -i on the downloaded file without a shell, then starts Magpie again', async () => {
    const spawned = fakeSpawn()
    const installing = debInstaller(spawned.run)('/home/민지/.cache/magpie-updater/pending/magpie 0.2.0; rm -rf ~.deb')
    expect(spawned.calls).toEqual([
      ['/usr/bin/pkexec', ['--disable-internal-agent', '/usr/bin/dpkg', '-i', '/home/민지/.cache/magpie-updater/pending/magpie 0.2.0; rm -rf ~.deb'], { stdio: 'ignore' }]
    ])
    // Main goes on while the password prompt is open: nothing quits yet.
    expect(callsTo('app.quit')).toEqual([])
    spawned.exit(0)
    await installing
    expect(callsTo('app.relaunch')).toHaveLength(1)
    expect(callsTo('app.quit')).toHaveLength(1)
  })

  it('a refused password (pkexec 126) rejects and leaves Magpie running', async () => {
    const spawned = fakeSpawn()
    const installing = debInstaller(spawned.run)('/tmp/magpie.deb')
    spawned.exit(126)
    await expect(installing).rejects.toThrow('126')
    expect(callsTo('app.relaunch')).toEqual([])
    expect(callsTo('app.quit')).toEqual([])
  })

  it('is known by resources/package-type, as electron-updater knows it', () => {
    const resources = mkdtempSync(join(tmpdir(), 'magpie-resources-'))
    expect(installedFromDeb(resources)).toBe(false)
    writeFileSync(join(resources, 'package-type'), 'deb\n')
    expect(installedFromDeb(resources)).toBe(true)
    writeFileSync(join(resources, 'package-type'), 'rpm')
    expect(installedFromDeb(resources)).toBe(false)
  })
})
