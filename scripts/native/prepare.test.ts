import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nativeAddonFile } from '../../src/main/config/native-binding'
import type { RebuildTool } from './electron-build'
import { prepareElectron, type PrepareDeps } from './prepare'

const repo = path.resolve(import.meta.dirname, '..', '..')
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function setup(electron: string | null) {
  const projectDir = mkdtempSync(path.join(tmpdir(), 'magpie-prepare-'))
  dirs.push(projectDir)
  const moduleDir = path.join(projectDir, 'node_modules', 'better-sqlite3')
  await mkdir(path.join(moduleDir, 'build', 'Release'), { recursive: true })
  await writeFile(path.join(projectDir, 'package.json'), '{}')
  await writeFile(path.join(moduleDir, 'package.json'), JSON.stringify({ name: 'better-sqlite3', version: '12.11.1', main: 'lib/index.js' }))
  await writeFile(path.join(moduleDir, 'build', 'Release', nativeAddonFile), 'node build')
  const lines: string[] = []
  const errors: string[] = []
  const rebuilt: string[] = []
  const rebuild: RebuildTool = async ({ workDir, target }) => {
    rebuilt.push(`${target.electron}/${target.arch}`)
    const out = path.join(workDir, nativeAddonFile)
    await writeFile(out, `electron ${target.electron}`)
    return out
  }
  const deps: PrepareDeps = {
    projectDir,
    env: {},
    platform: 'linux',
    arch: 'x64',
    installedElectron: () => electron,
    electronAbi: (version) => (version.startsWith('42.') ? '146' : '148'),
    rebuild,
    log: (line) => lines.push(line),
    error: (line) => errors.push(line)
  }
  return { projectDir, moduleDir, deps, lines, errors, rebuilt }
}

describe('prepareElectron (prestart, predev, predist)', () => {
  it('without Electron installed: one sentence, exit 1, nothing built', async () => {
    const s = await setup(null)
    expect(await prepareElectron([], s.deps)).toBe(1)
    expect(s.errors).toEqual([
      'Electron is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD?): run `npm install` with internet access, or use `npm run dev:browser`.'
    ])
    expect(s.rebuilt).toEqual([])
  })

  it('builds for the installed Electron once; an upgrade builds again; Node build is left as it is', async () => {
    const s = await setup('42.11.18')
    expect(await prepareElectron([], s.deps)).toBe(0)
    expect(await prepareElectron([], s.deps)).toBe(0)
    expect(s.rebuilt).toEqual(['42.11.18/x64'])
    const upgraded = { ...s.deps, installedElectron: () => '43.0.1' }
    expect(await prepareElectron([], upgraded)).toBe(0)
    expect(s.rebuilt).toEqual(['42.11.18/x64', '43.0.1/x64'])
    expect(readFileSync(path.join(s.moduleDir, 'build', 'Release', nativeAddonFile), 'utf8')).toBe('node build')
  })

  it('--arch builds for another CPU (packaging for arm64 on an x64 Mac)', async () => {
    const s = await setup('42.11.18')
    expect(await prepareElectron(['--arch', 'arm64'], s.deps)).toBe(0)
    expect(s.rebuilt).toEqual(['42.11.18/arm64'])
  })

  it('a failing build is one sentence and exit 1', async () => {
    const s = await setup('42.11.18')
    const failing = { ...s.deps, rebuild: async () => Promise.reject(new Error('prebuild-install: 404, node-gyp: no compiler')) }
    expect(await prepareElectron([], failing)).toBe(1)
    expect(s.errors).toEqual(['Could not build better-sqlite3 for Electron 42.11.18: prebuild-install: 404, node-gyp: no compiler'])
  })
})

describe('scripts/prepare-electron.mjs', () => {
  /** Runs the real entry with Node's version reported as `version`, in a folder without Electron. */
  function start(version: string) {
    const fakeVersion = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } })`
    const cwd = mkdtempSync(path.join(tmpdir(), 'magpie-entry-'))
    dirs.push(cwd)
    return spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(fakeVersion)}`, path.join(repo, 'scripts', 'prepare-electron.mjs')], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, MAGPIE_ELECTRON_NATIVE_DIR: path.join(cwd, 'builds') }
    })
  }

  it('an older Node gets one sentence naming both versions, not a stack trace', () => {
    const result = start('22.11.0')
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe(
      "Magpie's Electron tools need Node.js 22.12.0 or newer, and this is Node.js 22.11.0: install a newer Node.js (tests and the browser harness also run on Node 20.19)."
    )
  })

  it('agrees with package.json engines.node', () => {
    expect(JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).engines.node).toBe('>=22.12.0')
    expect(start('20.19.0').status).toBe(1)
    expect(start('21.99.0').stderr).toContain('need Node.js 22.12.0 or newer')
  })

  it('Node 22.12 and newer go on to the Electron check', () => {
    for (const version of ['22.12.0', '23.0.0', '24.1.2']) {
      const result = start(version)
      expect(result.status).toBe(1)
      expect(result.stderr.trim()).toBe(
        'Electron is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD?): run `npm install` with internet access, or use `npm run dev:browser`.'
      )
    }
  })
})
