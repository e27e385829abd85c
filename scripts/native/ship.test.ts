import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { recordBuild } from './electron-build'
import { shipElectronBuild, type PackContext } from './ship'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function setup() {
  const root = mkdtempSync(path.join(tmpdir(), 'magpie-ship-'))
  dirs.push(root)
  const buildsDir = path.join(root, 'builds')
  const appOutDir = path.join(root, 'dist', 'mac-arm64')
  const context = (arch: number, electronPlatformName: string, resources = path.join(appOutDir, 'resources')): PackContext => ({
    appOutDir,
    arch,
    electronPlatformName,
    packager: { projectDir: root, config: { electronVersion: '42.11.18' }, getResourcesDir: () => resources }
  })
  return { root, buildsDir, appOutDir, context, env: { MAGPIE_ELECTRON_NATIVE_DIR: buildsDir } }
}

const abi = () => '146'

describe('shipElectronBuild (afterPack)', () => {
  it("copies the packaged target's build into <resources>/native", async () => {
    const s = setup()
    await recordBuild(s.buildsDir, { electron: '42.11.18', abi: '146', platform: 'linux', arch: 'x64' }, Buffer.from('linux x64 build'))
    const shipped = await shipElectronBuild(s.context(1, 'linux'), s.env, abi)
    expect(shipped).toBe(path.join(s.appOutDir, 'resources', 'native', 'better_sqlite3.node'))
    expect(readFileSync(shipped!, 'utf8')).toBe('linux x64 build')
  })

  it('picks the build by the arch packaged, and a macOS (or Mac App Store) app by darwin', async () => {
    const s = setup()
    await recordBuild(s.buildsDir, { electron: '42.11.18', abi: '146', platform: 'darwin', arch: 'x64' }, Buffer.from('darwin x64'))
    await recordBuild(s.buildsDir, { electron: '42.11.18', abi: '146', platform: 'darwin', arch: 'arm64' }, Buffer.from('darwin arm64'))
    const resources = path.join(s.appOutDir, 'Magpie.app', 'Contents', 'Resources')
    const shipped = await shipElectronBuild(s.context(3, 'mas', resources), s.env, abi)
    expect(shipped).toBe(path.join(resources, 'native', 'better_sqlite3.node'))
    expect(readFileSync(shipped!, 'utf8')).toBe('darwin arm64')
  })

  it('stops packaging, naming the command, when the build for that target is missing', async () => {
    const s = setup()
    await recordBuild(s.buildsDir, { electron: '42.11.18', abi: '146', platform: 'linux', arch: 'x64' }, Buffer.from('x64 only'))
    await expect(shipElectronBuild(s.context(3, 'linux'), s.env, abi)).rejects.toThrow(
      'better-sqlite3 is not built for electron-42.11.18-abi146-linux-arm64: run `node scripts/prepare-electron.mjs --arch arm64` on linux and package again.'
    )
  })

  it('leaves a universal macOS app alone: it is merged from the two apps that got their builds', async () => {
    const s = setup()
    expect(await shipElectronBuild(s.context(4, 'darwin'), s.env, abi)).toBeNull()
  })
})
