// electron-builder's afterPack hook (electron-builder.yml): ships Electron's own
// better-sqlite3 build (scripts/native/ship.ts, docs/decisions/009-native-modules-per-runtime.md).
import { tsImport } from 'tsx/esm/api'

export default async function afterPack(context) {
  const { shipElectronBuild } = await tsImport('./ship.ts', import.meta.url)
  await shipElectronBuild(context)
}
