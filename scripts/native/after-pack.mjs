// electron-builder's afterPack hook (electron-builder.yml): ships Electron's own
// better-sqlite3 build (scripts/native/ship.ts, docs/decisions/009-native-modules-per-runtime.md).
// electron-builder's CLI runs it in plain Node, where tsx's tsImport loads the TypeScript;
// `npm run check:package` runs electron-builder inside tsx, where TypeScript imports as is
// (and tsImport cannot find its own loader).
import { tsImport } from 'tsx/esm/api'

async function loadShip() {
  try {
    return await import('./ship.ts')
  } catch {
    return await tsImport('./ship.ts', import.meta.url)
  }
}

export default async function afterPack(context) {
  const { shipElectronBuild } = await loadShip()
  await shipElectronBuild(context)
}
