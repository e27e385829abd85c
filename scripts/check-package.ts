// `npm run check:package` (CI): packages Magpie with electron-builder (`--linux dir`) over a
// stand-in Electron distribution, since Electron's binary cannot be downloaded here, and checks
// what the packaged app holds. Everything happens in a temp folder, removed at the end
// (`--keep` leaves it for a look). Exits 1 listing what is wrong.
//
// The stand-in has what electron-builder copies and renames for Linux: the `electron`
// executable (renamed to `magpie`) and `resources/`. Electron's better-sqlite3 build cannot be
// made here either (no Electron headers or prebuilt downloads), so the check records a clearly
// named placeholder as the build for the packaged target, in a builds folder of its own
// (MAGPIE_ELECTRON_NATIVE_DIR), and checks that the afterPack hook shipped exactly those bytes.
import asar from '@electron/asar'
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { nativeAddonFile } from '../src/main/config/native-binding'
import { electronAbi, recordBuild } from './native/electron-build'

const projectDir = path.resolve(import.meta.dirname, '..')
const keep = process.argv.includes('--keep')
const work = mkdtempSync(path.join(tmpdir(), 'magpie-package-'))
const problems: string[] = []
const expect = (ok: boolean, what: string): void => {
  if (!ok) problems.push(what)
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: projectDir,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    shell: process.platform === 'win32'
  })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`)
}

async function main(): Promise<void> {
  if (process.platform !== 'linux') throw new Error('The packaging check packages for Linux and runs on Linux.')
  run('npx', ['electron-vite', 'build'])

  const electronDist = path.join(work, 'electron-dist')
  mkdirSync(path.join(electronDist, 'resources'), { recursive: true })
  writeFileSync(path.join(electronDist, 'electron'), '#!/bin/sh\necho "stand-in Electron for the packaging check" >&2\nexit 1\n')
  chmodSync(path.join(electronDist, 'electron'), 0o755)

  const electron = (JSON.parse(readFileSync(path.join(projectDir, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version
  const placeholder = Buffer.from(`MAGPIE PACKAGING CHECK: stand-in for better-sqlite3 built for Electron ${electron}, ${Date.now()}\n`)
  const nativeDir = path.join(work, 'native')
  await recordBuild(nativeDir, { electron, abi: electronAbi(electron), platform: 'linux', arch: process.arch }, placeholder)

  const output = path.join(work, 'dist')
  run(
    'npx',
    ['electron-builder', '--linux', 'dir', `--config.electronDist=${electronDist}`, `--config.directories.output=${output}`, '--publish', 'never'],
    { MAGPIE_ELECTRON_NATIVE_DIR: nativeDir, CSC_IDENTITY_AUTO_DISCOVERY: 'false' }
  )

  const app = path.join(output, process.arch === 'x64' ? 'linux-unpacked' : `linux-${process.arch}-unpacked`)
  const resources = path.join(app, 'resources')
  const archive = path.join(resources, 'app.asar')
  expect(existsSync(path.join(app, 'magpie')), 'the executable is renamed to magpie')
  expect(existsSync(archive), 'resources/app.asar exists')
  if (!existsSync(archive)) return

  const files = asar.listPackage(archive, { isPack: false }).map((file) => file.split(path.sep).join('/'))
  const has = (file: string): boolean => files.includes(file)
  const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as { main: string; name: string }
  expect(pkg.name === 'magpie', 'package.json is in the archive')
  expect(has(`/${path.posix.normalize(pkg.main)}`), `package.json's main (${pkg.main}) is in the archive`)
  expect(has('/out/main/index.js'), 'the built main (out/main/index.js)')
  expect(has('/out/preload/index.cjs'), 'the built preload (out/preload/index.cjs)')
  expect(has('/out/renderer/index.html'), 'the built renderer (out/renderer/index.html)')
  expect(files.some((file) => /^\/out\/renderer\/assets\/.+\.js$/.test(file)), "the renderer's scripts (out/renderer/assets/*.js)")
  expect(has('/node_modules/better-sqlite3/lib/index.js'), "better-sqlite3's JavaScript")
  expect(has('/node_modules/electron-log/package.json'), 'electron-log')
  for (const excluded of ['/src', '/tests', '/bench', '/docs', '/scripts', '/resources', '/firebase', '/node_modules/electron', '/node_modules/vitest']) {
    expect(!files.some((file) => file === excluded || file.startsWith(`${excluded}/`)), `nothing from ${excluded.slice(1)} in the archive`)
  }
  expect(!files.some((file) => file.endsWith('.map')), 'no source maps in the archive')
  // Addons cannot load from inside the archive: each one listed there must be marked unpacked and be beside it.
  const addons = files.filter((file) => file.endsWith('.node'))
  for (const addon of addons) {
    const entry = asar.statFile(archive, addon.slice(1), false) as { unpacked?: boolean }
    expect(entry.unpacked === true && existsSync(path.join(`${archive}.unpacked`, addon)), `${addon.slice(1)} is unpacked from the archive`)
  }
  expect(!files.some((file) => file.startsWith('/node_modules/better-sqlite3/build/')), "Node's better-sqlite3 build is not shipped")

  const unpacked = path.join(resources, 'app.asar.unpacked', 'node_modules')
  const sharpLib = path.join(unpacked, '@img', `sharp-linux-${process.arch}`, 'lib')
  expect(existsSync(path.join(unpacked, 'sharp', 'package.json')), 'sharp is unpacked from the archive')
  expect(existsSync(sharpLib) && readdirSync(sharpLib).some((file) => file.endsWith('.node')), `sharp's addon is unpacked (${path.relative(app, sharpLib)})`)

  const shipped = path.join(resources, 'native', nativeAddonFile)
  expect(existsSync(shipped) && readFileSync(shipped).equals(placeholder), `Electron's better-sqlite3 build is shipped as resources/native/${nativeAddonFile}`)
  expect(existsSync(path.join(resources, 'icon.png')), 'the window icon (resources/icon.png)')
  expect(existsSync(path.join(resources, 'tray.png')), 'the tray icon (resources/tray.png)')
  for (const icon of readdirSync(path.join(projectDir, 'resources')).filter((file) => /^trayTemplate(@2x)?\.png$/.test(file))) {
    expect(existsSync(path.join(resources, icon)), `the macOS tray icon (resources/${icon})`)
  }
}

try {
  await main()
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error))
} finally {
  if (keep) console.log(`Kept ${work}`)
  else rmSync(work, { recursive: true, force: true })
}
if (problems.length > 0) {
  console.error(`Packaging check failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  process.exit(1)
}
console.log('Packaging check passed: main, preload, renderer, package.json, native modules and icons are shipped; sources, tests and maps are not.')
