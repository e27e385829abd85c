// Electron's own build of better-sqlite3, kept apart from Node's
// (docs/decisions/009-native-modules-per-runtime.md). Node's build in
// node_modules/better-sqlite3/build is never touched: each Electron target gets a folder
// of its own, keyed by Electron version, ABI, platform and arch, and a folder counts only
// when its record (written last) matches the addon beside it.
import { createHash, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { RebuildOptions } from '@electron/rebuild'
import path from 'node:path'
import { devBuildsDir, electronBuildKey, nativeAddonFile, type ElectronTarget } from '../../src/main/config/native-binding'

/** The record of a finished build; written after the addon, so a build cut short has none. */
export const recordFile = 'build.json'

interface BuildRecord {
  key: string
  target: ElectronTarget
  size: number
  sha256: string
}

/**
 * Builds better-sqlite3 for a target inside workDir (a scratch folder this module creates and
 * removes) and returns the built addon's path. `moduleDir` is node_modules/better-sqlite3,
 * to be read, never written.
 */
export type RebuildTool = (request: { moduleDir: string; workDir: string; target: ElectronTarget }) => Promise<string>

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** The folder of one target's build. */
export const buildDir = (buildsDir: string, target: ElectronTarget): string => path.join(buildsDir, electronBuildKey(target))

/** The target's addon if a finished, intact build is there; null for none, a partial or a tampered one. */
export async function readBuild(buildsDir: string, target: ElectronTarget): Promise<string | null> {
  const dir = buildDir(buildsDir, target)
  const file = path.join(dir, nativeAddonFile)
  try {
    const record = JSON.parse(await readFile(path.join(dir, recordFile), 'utf8')) as Partial<BuildRecord>
    if (record.key !== electronBuildKey(target)) return null
    const bytes = await readFile(file)
    return bytes.length === record.size && sha256(bytes) === record.sha256 ? file : null
  } catch {
    return null
  }
}

/** Puts an addon in place for a target: the addon first, then its record (atomically, by rename). */
export async function recordBuild(buildsDir: string, target: ElectronTarget, addon: Buffer): Promise<string> {
  const dir = buildDir(buildsDir, target)
  const file = path.join(dir, nativeAddonFile)
  await mkdir(dir, { recursive: true })
  await writeFile(file, addon)
  const record: BuildRecord = { key: electronBuildKey(target), target, size: addon.length, sha256: sha256(addon) }
  const pending = path.join(dir, `${recordFile}.${process.pid}.tmp`)
  await writeFile(pending, JSON.stringify(record, null, 2))
  await rename(pending, path.join(dir, recordFile))
  return file
}

export interface EnsureOptions {
  moduleDir: string
  buildsDir: string
  target: ElectronTarget
  rebuild: RebuildTool
  log?: (line: string) => void
}

/** The target's addon, building it first unless a finished build is already there. */
export async function ensureElectronBuild(options: EnsureOptions): Promise<{ file: string; built: boolean }> {
  const { buildsDir, target } = options
  const existing = await readBuild(buildsDir, target)
  if (existing) return { file: existing, built: false }

  const key = electronBuildKey(target)
  options.log?.(`Building better-sqlite3 for ${key} (Node's own build stays as it is).`)
  // Whatever is there is partial or stale: it goes before the new build starts.
  await rm(buildDir(buildsDir, target), { recursive: true, force: true })
  const workDir = path.join(buildsDir, `.work-${key}-${randomUUID().slice(0, 8)}`)
  try {
    await mkdir(workDir, { recursive: true })
    const built = await options.rebuild({ moduleDir: options.moduleDir, workDir, target })
    if (!existsSync(built)) throw new Error(`the rebuild reported ${built}, which does not exist`)
    const addon = await readFile(built)
    if (addon.length === 0) throw new Error(`the rebuild left an empty ${built}`)
    return { file: await recordBuild(buildsDir, target, addon), built: true }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

type Rebuild = (options: RebuildOptions) => Promise<void>
const loadRebuild: Rebuild = async (options) => (await import('@electron/rebuild')).rebuild(options)

/**
 * The real tool: @electron/rebuild (prebuilt download, else node-gyp against Electron's
 * headers) over a copy of better-sqlite3 in workDir, never over node_modules' own.
 */
export function electronRebuildTool(rebuild: Rebuild = loadRebuild): RebuildTool {
  return async ({ moduleDir, workDir, target }) => {
    const copy = path.join(workDir, 'node_modules', 'better-sqlite3')
    const nodeBuild = path.join(moduleDir, 'build')
    await cp(moduleDir, copy, { recursive: true, filter: (source) => source !== nodeBuild })
    const { version } = JSON.parse(await readFile(path.join(moduleDir, 'package.json'), 'utf8')) as { version: string }
    await writeFile(
      path.join(workDir, 'package.json'),
      JSON.stringify({ name: 'magpie-electron-native', version: '0.0.0', private: true, dependencies: { 'better-sqlite3': version } })
    )
    await rebuild({
      buildPath: workDir,
      // Stops @electron/rebuild's module search at workDir, so it never reaches the project's node_modules.
      projectRootPath: workDir,
      electronVersion: target.electron,
      platform: target.platform as NodeJS.Platform,
      arch: target.arch,
      onlyModules: ['better-sqlite3'],
      force: true
    })
    return path.join(copy, 'build', 'Release', nativeAddonFile)
  }
}

/** Where the builds live: the project's cache, or MAGPIE_ELECTRON_NATIVE_DIR (the packaging check's temp folder). */
export function buildsDirFor(projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.MAGPIE_ELECTRON_NATIVE_DIR || devBuildsDir(projectDir)
}

/** The installed Electron's version, or null when its binary is not there (ELECTRON_SKIP_BINARY_DOWNLOAD). */
export function installedElectron(projectDir: string): string | null {
  const pkg = path.join(projectDir, 'node_modules', 'electron')
  try {
    const binary = path.join(pkg, 'dist', readFileSyncTrim(path.join(pkg, 'path.txt')))
    if (!existsSync(binary)) return null
    return (JSON.parse(readFileSyncTrim(path.join(pkg, 'package.json'))) as { version: string }).version
  } catch {
    return null
  }
}

const readFileSyncTrim = (file: string): string => readFileSync(file, 'utf8').trim()

/** Electron's ABI (NODE_MODULE_VERSION) from the table @electron/rebuild itself builds with. */
export function electronAbi(electronVersion: string): string {
  const fromRebuild = createRequire(createRequire(import.meta.url).resolve('@electron/rebuild'))
  const nodeAbi = fromRebuild('node-abi') as { getAbi: (target: string, runtime: string) => string }
  return nodeAbi.getAbi(electronVersion, 'electron')
}
