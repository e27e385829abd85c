import { existsSync } from 'node:fs'
import path from 'node:path'
// Relative, not @shared: the build scripts load this file through tsx, which knows no aliases.
import { format } from '../../shared/messages'

/**
 * Where Electron finds its own better-sqlite3 build (docs/decisions/009-native-modules-per-runtime.md).
 * Node (tests, harness, seed, bench) loads node_modules' build; Electron never does: it gets a
 * build kept apart, keyed by what decides whether an addon loads, so switching between
 * `npm test` and `npm start`, or upgrading Electron, can never load the wrong one.
 */

/** The addon's file name, as better-sqlite3's build names it. */
export const nativeAddonFile = 'better_sqlite3.node'

/** What an addon build is tied to: Electron's version, its ABI (NODE_MODULE_VERSION), the OS and CPU. */
export interface ElectronTarget {
  electron: string
  abi: string
  platform: string
  arch: string
}

/** The folder name of one build, e.g. `electron-42.11.18-abi146-linux-x64`. */
export function electronBuildKey(target: ElectronTarget): string {
  return `electron-${target.electron}-abi${target.abi}-${target.platform}-${target.arch}`
}

/** The development builds, one folder per key, inside node_modules so `npm ci` starts them afresh. */
export function devBuildsDir(projectDir: string, paths: path.PlatformPath = path): string {
  return paths.join(projectDir, 'node_modules', '.cache', 'magpie-electron-native')
}

/** An installed app carries exactly one build: `<resources>/native/better_sqlite3.node`. */
export function packagedBuildDir(resourcesPath: string, paths: path.PlatformPath = path): string {
  return paths.join(resourcesPath, 'native')
}

/** The running Electron's target; throws outside Electron, where nothing should ask. */
export function currentElectronTarget(): ElectronTarget {
  const electron = (process.versions as Record<string, string | undefined>).electron
  if (!electron) throw new Error('electronNativeBinding is for Electron: Node loads better-sqlite3 from node_modules.')
  return { electron, abi: process.versions.modules, platform: process.platform, arch: process.arch }
}

/** The addon path for this Electron: inside the installed app, or the development build for its key. */
export function electronNativeBindingPath(
  appPath: string,
  isPackaged: boolean,
  resourcesPath: string,
  target: ElectronTarget = currentElectronTarget(),
  paths: path.PlatformPath = path
): string {
  return isPackaged
    ? paths.join(packagedBuildDir(resourcesPath, paths), nativeAddonFile)
    : paths.join(devBuildsDir(appPath, paths), electronBuildKey(target), nativeAddonFile)
}

/**
 * The `nativeBinding` for createMagpie in Electron: `electronNativeBinding(app.getAppPath(),
 * app.isPackaged, process.resourcesPath)`. A missing build throws one clear sentence instead
 * of better-sqlite3's "Cannot find module" (or, worse, loading Node's build).
 */
export function electronNativeBinding(
  appPath: string,
  isPackaged: boolean,
  resourcesPath: string,
  target: ElectronTarget = currentElectronTarget(),
  exists: (file: string) => boolean = existsSync
): string {
  const file = electronNativeBindingPath(appPath, isPackaged, resourcesPath, target)
  if (exists(file)) return file
  throw new Error(
    isPackaged
      ? format.installIncomplete(file)
      : `better-sqlite3 is not built for Electron ${target.electron} (${electronBuildKey(target)}): start Magpie with \`npm start\` or \`npm run dev\`, which build it.`
  )
}
