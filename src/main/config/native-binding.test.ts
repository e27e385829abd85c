import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { currentElectronTarget, electronBuildKey, electronNativeBinding, electronNativeBindingPath, type ElectronTarget } from './native-binding'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const linux: ElectronTarget = { electron: '42.11.18', abi: '146', platform: 'linux', arch: 'x64' }
const windows: ElectronTarget = { electron: '42.11.18', abi: '146', platform: 'win32', arch: 'x64' }
const mac: ElectronTarget = { electron: '42.11.18', abi: '146', platform: 'darwin', arch: 'arm64' }

describe('electronNativeBindingPath', () => {
  it('keys a development build by Electron version, ABI, platform and arch', () => {
    expect(electronBuildKey(linux)).toBe('electron-42.11.18-abi146-linux-x64')
    expect(electronNativeBindingPath('/home/kim/magpie', false, '/ignored', linux)).toBe(
      '/home/kim/magpie/node_modules/.cache/magpie-electron-native/electron-42.11.18-abi146-linux-x64/better_sqlite3.node'
    )
  })

  it('an installed app loads the one build in its resources folder (Linux, macOS)', () => {
    expect(electronNativeBindingPath('/opt/Magpie/resources/app.asar', true, '/opt/Magpie/resources', linux)).toBe(
      '/opt/Magpie/resources/native/better_sqlite3.node'
    )
    expect(electronNativeBindingPath('/Applications/Magpie.app/Contents/Resources/app.asar', true, '/Applications/Magpie.app/Contents/Resources', mac)).toBe(
      '/Applications/Magpie.app/Contents/Resources/native/better_sqlite3.node'
    )
  })

  it('builds Windows paths with backslashes, installed and in development', () => {
    expect(
      electronNativeBindingPath('C:\\Program Files\\Magpie\\resources\\app.asar', true, 'C:\\Program Files\\Magpie\\resources', windows, path.win32)
    ).toBe('C:\\Program Files\\Magpie\\resources\\native\\better_sqlite3.node')
    expect(electronNativeBindingPath('c:\\Users\\김철수\\magpie', false, '', windows, path.win32)).toBe(
      'c:\\Users\\김철수\\magpie\\node_modules\\.cache\\magpie-electron-native\\electron-42.11.18-abi146-win32-x64\\better_sqlite3.node'
    )
  })
})

describe('electronNativeBinding', () => {
  it('returns the build when it is there', async () => {
    const projectDir = mkdtempSync(path.join(tmpdir(), 'magpie-binding-'))
    dirs.push(projectDir)
    const file = electronNativeBindingPath(projectDir, false, '', linux)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, 'addon')
    expect(electronNativeBinding(projectDir, false, '', linux)).toBe(file)
  })

  it('says in one sentence how to get a missing development build', () => {
    expect(() => electronNativeBinding('/nowhere', false, '', linux, () => false)).toThrow(
      'better-sqlite3 is not built for Electron 42.11.18 (electron-42.11.18-abi146-linux-x64): start Magpie with `npm start` or `npm run dev`, which build it.'
    )
  })

  it('says an installed app missing its build is incomplete', () => {
    expect(() => electronNativeBinding('/opt/Magpie/resources/app.asar', true, '/opt/Magpie/resources', linux, () => false)).toThrow(
      '까치 설치 파일 일부가 없어요: /opt/Magpie/resources/native/better_sqlite3.node — 까치를 다시 설치해 주세요'
    )
  })

  it('is for Electron only: Node (tests, harness) keeps node_modules build', () => {
    expect(() => currentElectronTarget()).toThrow('electronNativeBinding is for Electron')
  })
})
