// `npm start`, `npm run dev` and `npm run dist` run this first (scripts/prepare-electron.mjs):
// Electron's better-sqlite3 build for the installed Electron, built once per target.
import { createRequire } from 'node:module'
import path from 'node:path'
import { electronBuildKey, type ElectronTarget } from '../../src/main/config/native-binding'
import { buildsDirFor, electronAbi, electronRebuildTool, ensureElectronBuild, installedElectron, type RebuildTool } from './electron-build'

export interface PrepareDeps {
  projectDir: string
  env: NodeJS.ProcessEnv
  platform: string
  arch: string
  installedElectron: (projectDir: string) => string | null
  electronAbi: (electronVersion: string) => string
  rebuild: RebuildTool
  log: (line: string) => void
  error: (line: string) => void
}

const realDeps = (): PrepareDeps => ({
  projectDir: process.cwd(),
  env: process.env,
  platform: process.platform,
  arch: process.arch,
  installedElectron,
  electronAbi,
  rebuild: electronRebuildTool(),
  log: (line) => console.log(line),
  error: (line) => console.error(line)
})

/** Builds what Electron needs if it is missing; the exit code (0 ready, 1 not). `--arch <arch>` for another CPU. */
export async function prepareElectron(args: string[], deps: PrepareDeps = realDeps()): Promise<number> {
  const archFlag = args.indexOf('--arch')
  const arch = archFlag >= 0 ? args[archFlag + 1] : deps.arch
  if (!arch) {
    deps.error('Usage: node scripts/prepare-electron.mjs [--arch x64|arm64|ia32|armv7l]')
    return 2
  }
  const electron = deps.installedElectron(deps.projectDir)
  if (!electron) {
    deps.error(
      'Electron is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD?): run `npm install` with internet access, or use `npm run dev:browser`.'
    )
    return 1
  }
  const target: ElectronTarget = { electron, abi: deps.electronAbi(electron), platform: deps.platform, arch }
  const moduleDir = path.dirname(createRequire(path.join(deps.projectDir, 'package.json')).resolve('better-sqlite3/package.json'))
  try {
    const { file, built } = await ensureElectronBuild({
      moduleDir,
      buildsDir: buildsDirFor(deps.projectDir, deps.env),
      target,
      rebuild: deps.rebuild,
      log: deps.log
    })
    if (built) deps.log(`better-sqlite3 for ${electronBuildKey(target)}: ${file}`)
    return 0
  } catch (error) {
    deps.error(`Could not build better-sqlite3 for Electron ${electron}: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}
