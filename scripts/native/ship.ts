// electron-builder's afterPack step (scripts/native/after-pack.mjs): copies Electron's
// better-sqlite3 build for the packaged target into <resources>/native, where
// electronNativeBinding looks in an installed app. A missing build stops packaging with
// the command that makes it: the installer never ships Node's build or another target's.
import { copyFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { electronBuildKey, nativeAddonFile, packagedBuildDir, type ElectronTarget } from '../../src/main/config/native-binding'
import { buildsDirFor, electronAbi, readBuild } from './electron-build'

/** The part of electron-builder's AfterPackContext this step reads. */
export interface PackContext {
  appOutDir: string
  /** electron-builder's Arch enum value. */
  arch: number
  electronPlatformName: string
  packager: {
    projectDir: string
    config: { electronVersion?: string | null }
    getResourcesDir(appOutDir: string): string
  }
}

// electron-builder's Arch enum (builder-util): the numbers its hooks receive.
const archNames = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'] as const

export async function shipElectronBuild(
  context: PackContext,
  env: NodeJS.ProcessEnv = process.env,
  abiOf: (electronVersion: string) => string = electronAbi
): Promise<string | null> {
  const arch = archNames[context.arch]
  // A universal macOS app is merged from the x64 and arm64 apps, which each got their build.
  if (arch === 'universal') return null
  const electron = context.packager.config.electronVersion
  if (!arch || !electron) throw new Error(`Cannot tell which Electron build to ship (arch ${context.arch}, Electron ${electron}).`)
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName
  const target: ElectronTarget = { electron, abi: abiOf(electron), platform, arch }
  const built = await readBuild(buildsDirFor(context.packager.projectDir, env), target)
  if (!built) {
    throw new Error(
      `better-sqlite3 is not built for ${electronBuildKey(target)}: run \`node scripts/prepare-electron.mjs --arch ${arch}\` on ${platform} and package again.`
    )
  }
  const destination = path.join(packagedBuildDir(context.packager.getResourcesDir(context.appOutDir)), nativeAddonFile)
  await mkdir(path.dirname(destination), { recursive: true })
  await copyFile(built, destination)
  return destination
}
