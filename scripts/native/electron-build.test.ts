import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { electronBuildKey, electronNativeBindingPath, nativeAddonFile, type ElectronTarget } from '../../src/main/config/native-binding'
import { buildDir, electronRebuildTool, ensureElectronBuild, readBuild, recordFile, type RebuildTool } from './electron-build'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const electron42: ElectronTarget = { electron: '42.11.18', abi: '146', platform: 'linux', arch: 'x64' }
const electron43: ElectronTarget = { electron: '43.0.1', abi: '148', platform: 'linux', arch: 'x64' }

/** A project whose node_modules/better-sqlite3 holds Node's build, as `npm ci` leaves it. */
async function project(name = 'magpie') {
  const root = mkdtempSync(path.join(tmpdir(), 'magpie-native-'))
  dirs.push(root)
  const projectDir = path.join(root, name)
  const moduleDir = path.join(projectDir, 'node_modules', 'better-sqlite3')
  await mkdir(path.join(moduleDir, 'build', 'Release'), { recursive: true })
  await mkdir(path.join(moduleDir, 'src'), { recursive: true })
  await writeFile(path.join(moduleDir, 'package.json'), JSON.stringify({ name: 'better-sqlite3', version: '12.11.1' }))
  await writeFile(path.join(moduleDir, 'src', 'better_sqlite3.cpp'), '// sources')
  const nodeAddon = path.join(moduleDir, 'build', 'Release', nativeAddonFile)
  await writeFile(nodeAddon, 'node build, ABI 115')
  return { projectDir, moduleDir, nodeAddon, buildsDir: path.join(projectDir, 'node_modules', '.cache', 'magpie-electron-native') }
}

/** A stand-in for @electron/rebuild: records each call and writes the addon only inside workDir. */
function fakeRebuild(options: { fail?: boolean } = {}) {
  const calls: ElectronTarget[] = []
  const tool: RebuildTool = async ({ workDir, target }) => {
    calls.push(target)
    if (options.fail) throw new Error('gyp ERR! headers not found')
    const out = path.join(workDir, 'out', nativeAddonFile)
    await mkdir(path.dirname(out), { recursive: true })
    await writeFile(out, `electron build for ${electronBuildKey(target)}`)
    return out
  }
  return { tool, calls }
}

/** What `npm test` used to do before running: `npm rebuild better-sqlite3`, plus @electron/rebuild's skip marker. */
async function npmRebuildForNode(moduleDir: string) {
  await writeFile(path.join(moduleDir, 'build', 'Release', nativeAddonFile), 'node build, rebuilt')
  await writeFile(path.join(moduleDir, 'build', 'Release', '.forge-meta'), 'x64--146')
}

describe('ensureElectronBuild', () => {
  it('start → test → start: builds once, beside Node build, which it never touches', async () => {
    const p = await project()
    const rebuild = fakeRebuild()
    const ensure = () => ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })

    const first = await ensure()
    expect(first.built).toBe(true)
    expect(first.file).toBe(path.join(p.buildsDir, 'electron-42.11.18-abi146-linux-x64', nativeAddonFile))
    expect(readFileSync(first.file, 'utf8')).toBe('electron build for electron-42.11.18-abi146-linux-x64')
    expect(readFileSync(p.nodeAddon, 'utf8')).toBe('node build, ABI 115')

    await npmRebuildForNode(p.moduleDir)
    const second = await ensure()
    expect(second).toEqual({ file: first.file, built: false })
    expect(rebuild.calls).toHaveLength(1)
    expect(readFileSync(second.file, 'utf8')).toBe('electron build for electron-42.11.18-abi146-linux-x64')
    expect(readFileSync(p.nodeAddon, 'utf8')).toBe('node build, rebuilt')
    // The scratch folder is gone: only the finished build remains.
    expect(readdirSync(p.buildsDir)).toEqual(['electron-42.11.18-abi146-linux-x64'])
  })

  it('an Electron upgrade gets a build of its own', async () => {
    const p = await project()
    const rebuild = fakeRebuild()
    const old = await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })
    const upgraded = await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron43, rebuild: rebuild.tool })
    expect(upgraded.built).toBe(true)
    expect(upgraded.file).not.toBe(old.file)
    expect(readFileSync(upgraded.file, 'utf8')).toBe('electron build for electron-43.0.1-abi148-linux-x64')
    expect(rebuild.calls).toEqual([electron42, electron43])
  })

  it('another arch of the same Electron is another build', async () => {
    const p = await project()
    const rebuild = fakeRebuild()
    await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })
    const arm = await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: { ...electron42, arch: 'arm64' }, rebuild: rebuild.tool })
    expect(arm.built).toBe(true)
    expect(rebuild.calls).toHaveLength(2)
  })

  it('does not trust a stale record: an addon changed after it was recorded is built again', async () => {
    const p = await project()
    const rebuild = fakeRebuild()
    const { file } = await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })
    // e.g. something copied Node's build over it
    writeFileSync(file, 'node build, ABI 115')
    expect(await readBuild(p.buildsDir, electron42)).toBeNull()
    const again = await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })
    expect(again.built).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe('electron build for electron-42.11.18-abi146-linux-x64')
  })

  it('does not trust a record written for another key', async () => {
    const p = await project()
    const rebuild = fakeRebuild()
    await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })
    const recordPath = path.join(buildDir(p.buildsDir, electron42), recordFile)
    const record = JSON.parse(await readFile(recordPath, 'utf8')) as { key: string }
    await writeFile(recordPath, JSON.stringify({ ...record, key: 'electron' }))
    expect(await readBuild(p.buildsDir, electron42)).toBeNull()
  })

  it('builds again when the addon is missing, or when a build was cut short (an addon without its record)', async () => {
    const p = await project()
    const rebuild = fakeRebuild()
    const { file } = await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })
    rmSync(file)
    expect((await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })).built).toBe(true)

    rmSync(path.join(buildDir(p.buildsDir, electron42), recordFile))
    expect(await readBuild(p.buildsDir, electron42)).toBeNull()
    expect((await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: rebuild.tool })).built).toBe(true)
    expect(rebuild.calls).toHaveLength(3)
  })

  it('a failed rebuild leaves no build to trust and no scratch folder; the next start tries again', async () => {
    const p = await project()
    const failing = fakeRebuild({ fail: true })
    await expect(ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: failing.tool })).rejects.toThrow(
      'headers not found'
    )
    expect(await readBuild(p.buildsDir, electron42)).toBeNull()
    expect(readdirSync(p.buildsDir)).toEqual([])
    const working = fakeRebuild()
    expect((await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: working.tool })).built).toBe(true)
  })

  it('refuses an empty or absent result from the rebuild tool', async () => {
    const p = await project()
    const empty: RebuildTool = async ({ workDir }) => {
      const out = path.join(workDir, nativeAddonFile)
      await writeFile(out, '')
      return out
    }
    await expect(ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: empty })).rejects.toThrow('empty')
    const absent: RebuildTool = async ({ workDir }) => path.join(workDir, 'nothing.node')
    await expect(ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: electron42, rebuild: absent })).rejects.toThrow('does not exist')
    expect(await readBuild(p.buildsDir, electron42)).toBeNull()
  })

  it('works in a folder with spaces and Korean, as a Windows user profile may be', async () => {
    const p = await project('내 프로젝트 (magpie)')
    const rebuild = fakeRebuild()
    const { file } = await ensureElectronBuild({ moduleDir: p.moduleDir, buildsDir: p.buildsDir, target: { ...electron42, platform: 'win32' }, rebuild: rebuild.tool })
    expect(readFileSync(file, 'utf8')).toBe('electron build for electron-42.11.18-abi146-win32-x64')
    // What Electron computes at run time for that project is the file just built.
    expect(electronNativeBindingPath(p.projectDir, false, '', { ...electron42, platform: 'win32' })).toBe(file)
  })
})

describe('electronRebuildTool', () => {
  it('runs @electron/rebuild over a copy of better-sqlite3 without Node build, never over node_modules', async () => {
    const p = await project()
    const workDir = path.join(p.buildsDir, '.work-test')
    await mkdir(workDir, { recursive: true })
    const seen: Record<string, unknown>[] = []
    const tool = electronRebuildTool(async (options) => {
      seen.push({ ...options })
      const copy = path.join(options.buildPath, 'node_modules', 'better-sqlite3')
      expect(readdirSync(copy).sort()).toEqual(['package.json', 'src'])
      await mkdir(path.join(copy, 'build', 'Release'), { recursive: true })
      await writeFile(path.join(copy, 'build', 'Release', nativeAddonFile), 'electron build')
    })
    const out = await tool({ moduleDir: p.moduleDir, workDir, target: electron42 })
    expect(out).toBe(path.join(workDir, 'node_modules', 'better-sqlite3', 'build', 'Release', nativeAddonFile))
    expect(seen).toEqual([
      {
        buildPath: workDir,
        projectRootPath: workDir,
        electronVersion: '42.11.18',
        platform: 'linux',
        arch: 'x64',
        onlyModules: ['better-sqlite3'],
        force: true
      }
    ])
    expect(JSON.parse(readFileSync(path.join(workDir, 'package.json'), 'utf8'))).toMatchObject({ dependencies: { 'better-sqlite3': '12.11.1' } })
    expect(readFileSync(p.nodeAddon, 'utf8')).toBe('node build, ABI 115')
  })
})
