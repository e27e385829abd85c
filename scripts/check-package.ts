// `npm run check:package` (CI): packages Magpie with electron-builder (the deb target, stopped
// just before fpm runs) over a stand-in Electron distribution, since Electron's binary cannot be
// downloaded here, and checks what the packaged app holds and how it is configured
// (docs/decisions/019-packaging.md). Everything happens in a temp folder, removed at the end
// (`--keep` leaves it for a look). Exits 1 listing what is wrong.
//
// The stand-in has what electron-builder copies and renames for Linux: the `electron`
// executable (renamed to `magpie`) and `resources/`. The executable is a shell script that also
// holds Electron 42's fuse wire (its sentinel and defaults, build/fuses/fuses.json5), so
// electron-builder's real @electron/fuses flip runs on it and the check reads the flipped wire
// back. Electron's better-sqlite3 build cannot be made here either (no Electron headers or
// prebuilt downloads), so the check records a clearly named placeholder as the build for the
// packaged target, in a builds folder of its own (MAGPIE_ELECTRON_NATIVE_DIR), and checks that
// the afterPack hook shipped exactly those bytes.
//
// The deb target runs up to the point where electron-builder hands its files to fpm (its
// effectiveOptionComputed hook): the desktop entry, the install scripts with the AppArmor
// profile, app-update.yml and package-type are all made by then; fpm itself (a download) is not
// needed. A second, `dir`-only run checks the documented generic update server override.
import asar from '@electron/asar'
import electronFuses from '@electron/fuses'
import { build as buildPackages } from 'app-builder-lib'
import { Packager, Platform, createTargets, type Configuration } from 'electron-builder'
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { nativeAddonFile } from '../src/main/config/native-binding'
import { electronAbi, recordBuild } from './native/electron-build'

const { FuseV1Options, getCurrentFuseWire } = electronFuses
// @electron/fuses 1.8 (dist/constants.js), not exported from its index: the wire's sentinel and
// the bytes for off and on (Electron writes '0' and '1').
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const FuseState = { DISABLE: 48, ENABLE: 49 } as const

/** The fuses decision 019 ships. */
const expectedFuses: Record<keyof typeof fuseKeys, boolean> = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false
}
const fuseKeys = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges
} as const
// Electron 42's defaults (build/fuses/fuses.json5 on 42-x-y): run_as_node, cookie_encryption,
// node_options, node_cli_inspect, embedded_asar_integrity_validation, only_load_app_from_asar,
// load_browser_process_specific_v8_snapshot, grant_file_protocol_extra_privileges, wasm_trap_handlers.
const electron42Wire = '101100011'
const genericUpdateUrl = 'https://updates.example.org/magpie'

const projectDir = path.resolve(import.meta.dirname, '..')
const keep = process.argv.includes('--keep')
const work = mkdtempSync(path.join(tmpdir(), 'magpie-package-'))
const problems: string[] = []
const expect = (ok: boolean, what: string): void => {
  if (!ok) problems.push(what)
}

/** Simple `key: value` lines, as electron-builder writes app-update.yml. */
function readYamlMap(file: string): Record<string, string> {
  const map: Record<string, string> = {}
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [, key, value] = /^([A-Za-z]+):\s*(.*)$/.exec(line) ?? []
    if (key !== undefined && value !== undefined) map[key] = value.replace(/^(['"])(.*)\1$/, '$2')
  }
  return map
}

function checkConfiguration(config: Configuration, metadata: { desktopName?: string; productName?: string }): void {
  const fuses = config.electronFuses ?? {}
  for (const [key, value] of Object.entries(expectedFuses)) {
    expect((fuses as Record<string, unknown>)[key] === value, `electronFuses.${key} is ${value}`)
  }
  const publish = config.publish as { provider?: string; owner?: string; repo?: string } | undefined
  expect(
    publish?.provider === 'github' && publish.owner === 'magpie-app' && publish.repo === 'magpie',
    'publish is GitHub releases of magpie-app/magpie'
  )
  const targets = (value: unknown): string[] =>
    (Array.isArray(value) ? value : [value]).map((target) => (typeof target === 'string' ? target : (target as { target: string }).target))
  const macTargets = targets(config.mac?.target)
  expect(macTargets.includes('dmg') && macTargets.includes('zip'), "mac targets dmg and zip (electron-updater's MacUpdater installs the zip)")
  const linuxTargets = targets(config.linux?.target)
  expect(linuxTargets.includes('deb'), 'linux targets the deb')
  expect(
    !linuxTargets.some((target) => /appimage|snap/i.test(target)),
    "no AppImage or snap: their launchers turn Chromium's sandbox off where user namespaces are refused (decision 019)"
  )
  expect(targets(config.win?.target).includes('nsis'), 'win targets NSIS')
  // Defect 2: Electron's toast shortcut is <exe product name>.lnk; the installer's must be that one.
  expect(config.nsis?.shortcutName === config.productName, `nsis.shortcutName is the product name (${config.productName}), the Start-menu entry Electron keeps`)
  const include = config.nsis?.include ? path.resolve(projectDir, config.nsis.include) : null
  const nsh = include && existsSync(include) ? readFileSync(include, 'utf8') : ''
  expect(/!macro customUnInstall[\s\S]*magpieRemoveToastActivators[\s\S]*!macroend/.test(nsh), 'nsis.include removes the toast activator on uninstall')
  expect(/DeleteRegKey HKCU "Software\\Classes\\CLSID\\\$R1"/.test(nsh), "nsis.include deletes Electron's HKCU CLSID key")
  expect(/\$\{ifNot\} \$\{isUpdated\}/.test(nsh), 'nsis.include keeps them when an update runs the old uninstaller')
  // Uninstall removes what main registered (magpie://, the login item), only for this installation.
  expect(/!macro customUnInstall[\s\S]*magpieRemoveShellRegistrations[\s\S]*!macroend/.test(nsh), 'nsis.include removes magpie:// and the login item on uninstall')
  expect(nsh.includes('DeleteRegKey HKCU "Software\\Classes\\magpie"'), 'nsis.include deletes HKCU\\Software\\Classes\\magpie')
  expect(
    nsh.includes('DeleteRegValue HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Run" "${APP_ID}"') &&
      nsh.includes('DeleteRegValue HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\StartupApproved\\Run" "${APP_ID}"'),
    'nsis.include deletes the Run and StartupApproved values named after the appId'
  )
  expect(nsh.includes(`--opened-at-login'`) && readFileSync(path.join(projectDir, 'src/main/desktop/login-item.ts'), 'utf8').includes(`openedAtLoginFlag = '--opened-at-login'`), "the uninstaller's Run value is the one main writes (login-item.ts)")
  // Electron names the Run value after the AppUserModelID main sets: the appId the NSIS script knows as APP_ID.
  expect(readFileSync(path.join(projectDir, 'src/main/index.ts'), 'utf8').includes(`: '${config.appId}'`), `main's AppUserModelID is the appId (${config.appId})`)
  // Releases: both Windows architectures in one installer, one universal macOS app, and update files for every channel.
  const archesOf = (value: unknown, name: string): string[] =>
    (Array.isArray(value) ? value : [value])
      .filter((target): target is { target: string; arch?: string | string[] } => typeof target === 'object' && target !== null && (target as { target: string }).target === name)
      .flatMap((target) => (Array.isArray(target.arch) ? target.arch : target.arch ? [target.arch] : []))
  const winArches = archesOf(config.win?.target, 'nsis')
  expect(winArches.includes('x64') && winArches.includes('arm64'), `the NSIS installer holds x64 and arm64 (${winArches.join(', ')})`)
  for (const target of ['dmg', 'zip']) {
    expect(JSON.stringify(archesOf(config.mac?.target, target)) === '["universal"]', `the macOS ${target} is universal`)
  }
  expect(config.mac?.x64ArchFiles === '**/node_modules/@img/**', "mac.x64ArchFiles lets sharp's prebuilt packages be in both halves of the universal app")
  expect(config.generateUpdatesFilesForAllChannels === true, 'generateUpdatesFilesForAllChannels: a stable release writes beta.yml too, for copies on 베타')
  // Defect 6: WM_CLASS and the Wayland app id are desktopName without .desktop (Electron 42).
  expect(metadata.desktopName === 'magpie.desktop', "package.json's desktopName is magpie.desktop")
  expect(config.linux?.syncDesktopName === true, 'linux.syncDesktopName names the desktop file after desktopName')
}

async function loadSelfHostedConfig(): Promise<Configuration> {
  const module = (await import(`${pathToFileURL(path.join(projectDir, 'electron-builder.self-hosted.mjs')).href}?${Date.now()}`)) as { default: () => Configuration }
  return module.default()
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
  // .ci/run builds once and says so: the same out/ need not be built again.
  if (process.env.MAGPIE_BUILT !== '1') run('npx', ['electron-vite', 'build'])

  const electronDist = path.join(work, 'electron-dist')
  mkdirSync(path.join(electronDist, 'resources'), { recursive: true })
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, electron42Wire.length]), Buffer.from(electron42Wire)])
  writeFileSync(
    path.join(electronDist, 'electron'),
    Buffer.concat([Buffer.from('#!/bin/sh\necho "stand-in Electron for the packaging check" >&2\nexit 1\n# fuse wire: '), wire, Buffer.from('\n')])
  )
  chmodSync(path.join(electronDist, 'electron'), 0o755)

  const electron = (JSON.parse(readFileSync(path.join(projectDir, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version
  const placeholder = Buffer.from(`MAGPIE PACKAGING CHECK: stand-in for better-sqlite3 built for Electron ${electron}, ${Date.now()}\n`)
  const nativeDir = path.join(work, 'native')
  await recordBuild(nativeDir, { electron, abi: electronAbi(electron), platform: 'linux', arch: process.arch }, placeholder)

  process.env.MAGPIE_ELECTRON_NATIVE_DIR = nativeDir
  process.env.CSC_IDENTITY_AUTO_DISCOVERY = 'false'
  const output = path.join(work, 'dist')
  type Fpm = { args: string[]; desktopFile: string; scripts: Record<string, string> }
  let fpm: Fpm | null = null
  const packager = new Packager({
    projectDir,
    targets: createTargets([Platform.LINUX], 'deb', process.arch),
    config: { electronDist, directories: { output } },
    // The deb's fpm call, with its arguments, desktop file and install scripts (temp files,
    // removed after the build): recorded, and fpm skipped.
    effectiveOptionComputed: async (options: unknown) => {
      const [args, desktopFile] = options as [string[], string]
      const scripts: Record<string, string> = {}
      for (const flag of ['--after-install', '--after-remove']) {
        const script = args[args.indexOf(flag) + 1]
        if (args.includes(flag) && script !== undefined && existsSync(script)) scripts[flag] = readFileSync(script, 'utf8')
      }
      fpm = { args: [...args], desktopFile: readFileSync(desktopFile, 'utf8'), scripts }
      return true
    }
  })
  await buildPackages({ publish: 'never' }, packager)
  checkConfiguration(packager.config, packager.metadata as { desktopName?: string })

  const app = path.join(output, process.arch === 'x64' ? 'linux-unpacked' : `linux-${process.arch}-unpacked`)
  const resources = path.join(app, 'resources')
  const archive = path.join(resources, 'app.asar')
  expect(existsSync(path.join(app, 'magpie')), 'the executable is renamed to magpie')
  expect(existsSync(archive), 'resources/app.asar exists')
  if (!existsSync(archive)) return

  // Fuses: electron-builder flipped the stand-in's wire with @electron/fuses.
  const flipped = await getCurrentFuseWire(path.join(app, 'magpie'))
  for (const [key, value] of Object.entries(expectedFuses)) {
    const state = flipped[fuseKeys[key as keyof typeof fuseKeys]]
    expect(state === (value ? FuseState.ENABLE : FuseState.DISABLE), `the packaged binary's ${key} fuse is ${value ? 'on' : 'off'}`)
  }
  expect((flipped as Record<number, number>)[8] === electron42Wire.charCodeAt(8), "the fuse @electron/fuses does not know (wasm_trap_handlers) keeps Electron's default")

  // Updates: what electron-updater reads in the packaged app.
  const updateFile = path.join(resources, 'app-update.yml')
  const update = existsSync(updateFile) ? readYamlMap(updateFile) : {}
  expect(
    update.provider === 'github' && update.owner === 'magpie-app' && update.repo === 'magpie',
    'resources/app-update.yml names GitHub releases of magpie-app/magpie'
  )
  expect(update.updaterCacheDirName === 'magpie-updater', 'app-update.yml names the updater cache folder')
  const packageType = path.join(resources, 'package-type')
  expect(existsSync(packageType) && readFileSync(packageType, 'utf8').trim() === 'deb', "resources/package-type is deb (electron-updater's DebUpdater)")

  // The deb: desktop entry, install scripts, AppArmor profile — the sandbox stays on.
  const deb = fpm as Fpm | null
  expect(deb !== null, 'electron-builder reached the deb packaging step')
  if (deb) {
    const entry = Object.fromEntries(deb.desktopFile.split('\n').map((line) => line.split(/=(.*)/s, 2) as [string, string]))
    expect(entry.StartupWMClass === 'magpie', `the desktop entry's StartupWMClass is magpie (was ${entry.StartupWMClass})`)
    expect(entry.Exec !== undefined && !entry.Exec.includes('--no-sandbox'), `the desktop entry starts Magpie with its sandbox (Exec=${entry.Exec})`)
    expect(entry.MimeType?.includes('x-scheme-handler/magpie') === true, 'the desktop entry handles magpie:// links')
    expect(deb.args.some((arg) => arg.endsWith('=/usr/share/applications/magpie.desktop')), 'the desktop file is /usr/share/applications/magpie.desktop')
    const afterInstall = deb.scripts['--after-install'] ?? ''
    expect(/apparmor_parser --replace/.test(afterInstall), "the deb's install script loads its AppArmor profile")
    expect(/chmod 4755 '\/opt\/Magpie\/chrome-sandbox'/.test(afterInstall), 'the deb falls back to the setuid chrome-sandbox without user namespaces')
    expect(/apparmor_parser --remove/.test(deb.scripts['--after-remove'] ?? ''), "the deb's removal script unloads the profile")
  }
  const apparmor = path.join(resources, 'apparmor-profile')
  const profile = existsSync(apparmor) ? readFileSync(apparmor, 'utf8') : ''
  expect(/"\/opt\/Magpie\/magpie"/.test(profile) && /^\s*userns,/m.test(profile), 'the AppArmor profile lets /opt/Magpie/magpie make user namespaces')

  const files = asar.listPackage(archive, { isPack: false }).map((file) => file.split(path.sep).join('/'))
  const has = (file: string): boolean => files.includes(file)
  const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as { main: string; name: string; desktopName?: string }
  expect(pkg.name === 'magpie', 'package.json is in the archive')
  expect(pkg.desktopName === 'magpie.desktop', "the archive's package.json has desktopName magpie.desktop (Electron's WM_CLASS and Wayland app id: magpie)")
  expect(has(`/${path.posix.normalize(pkg.main)}`), `package.json's main (${pkg.main}) is in the archive`)
  expect(has('/out/main/index.js'), 'the built main (out/main/index.js)')
  expect(has('/out/main/image-worker.js'), 'the image worker (out/main/image-worker.js)')
  expect(has('/out/preload/index.cjs'), 'the built preload (out/preload/index.cjs)')
  expect(has('/out/renderer/index.html'), 'the built renderer (out/renderer/index.html)')
  expect(files.some((file) => /^\/out\/renderer\/assets\/.+\.js$/.test(file)), "the renderer's scripts (out/renderer/assets/*.js)")
  expect(has('/node_modules/better-sqlite3/lib/index.js'), "better-sqlite3's JavaScript")
  expect(has('/node_modules/electron-log/package.json'), 'electron-log')
  for (const excluded of ['/src', '/tests', '/out/harness', '/bench', '/docs', '/scripts', '/resources', '/firebase', '/node_modules/electron', '/node_modules/vitest']) {
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

  // A community's own update server: electron-builder.self-hosted.mjs, as the README documents,
  // packaged for real (`dir`) through a wrapper that adds the stand-in and the output folder.
  process.env.MAGPIE_UPDATE_URL = genericUpdateUrl
  const selfHosted = await loadSelfHostedConfig()
  expect(
    JSON.stringify(selfHosted.publish) === JSON.stringify({ provider: 'generic', url: genericUpdateUrl }),
    `electron-builder.self-hosted.mjs publishes to MAGPIE_UPDATE_URL only (${JSON.stringify(selfHosted.publish)})`
  )
  const wrapper = path.join(work, 'self-hosted.mjs')
  const genericOutput = path.join(work, 'dist-self-hosted')
  writeFileSync(
    wrapper,
    `import config from ${JSON.stringify(path.join(projectDir, 'electron-builder.self-hosted.mjs'))}\n` +
      `export default () => ({ ...config(), electronDist: ${JSON.stringify(electronDist)}, directories: { output: ${JSON.stringify(genericOutput)} } })\n`
  )
  await buildPackages({ publish: 'never' }, new Packager({ projectDir, targets: createTargets([Platform.LINUX], 'dir', process.arch), config: wrapper }))
  const genericFile = path.join(genericOutput, path.basename(app), 'resources', 'app-update.yml')
  const generic = existsSync(genericFile) ? readYamlMap(genericFile) : {}
  expect(
    generic.provider === 'generic' && generic.url === genericUpdateUrl && generic.owner === undefined,
    `the self-hosted build's app-update.yml reads ${genericUpdateUrl} (${JSON.stringify(generic)})`
  )
  process.env.MAGPIE_UPDATE_URL = 'http://updates.example.org/magpie'
  expect(
    await loadSelfHostedConfig().then(
      () => false,
      () => true
    ),
    'electron-builder.self-hosted.mjs refuses an http:// update server'
  )
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
console.log(
  'Packaging check passed: main, preload, renderer, package.json, native modules and icons are shipped; sources, tests and maps are not; ' +
    'fuses flipped; app-update.yml (GitHub, and the generic override); the deb keeps the sandbox (AppArmor profile) and its desktop entry matches desktopName; ' +
    'the uninstaller removes magpie:// and the login item; x64 + arm64 Windows, universal macOS, update files for every channel.'
)
