// better-sqlite3 is a native module: it must be built for Node when tests and the
// harness run, and for Electron's ABI when the app runs or is packaged. This keeps one
// build in node_modules and rebuilds it only when the target changes
// (docs/decisions/002-native-modules.md). Usage: node scripts/native-abi.mjs node|electron
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const target = process.argv[2]
if (target !== 'node' && target !== 'electron') {
  console.error('usage: node scripts/native-abi.mjs node|electron')
  process.exit(2)
}
const require = createRequire(import.meta.url)
const marker = 'node_modules/.magpie-native-abi'
const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'

function electronBinary() {
  try {
    const path = require('electron')
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const wanted = target === 'node' ? `node-${process.versions.modules}` : 'electron'
const current = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : existsSync(addon) ? `node-${process.versions.modules}` : ''

if (target === 'electron' && !electronBinary()) {
  console.error('Electron is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD?). Run `npm install` with internet access, or use `npm run dev:browser`.')
  process.exit(1)
}
if (current === wanted) process.exit(0)

const step =
  target === 'electron'
    ? spawnSync('npx', ['electron-builder', 'install-app-deps'], { stdio: 'inherit', shell: process.platform === 'win32' })
    : spawnSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit', shell: process.platform === 'win32' })
if (step.status !== 0) process.exit(step.status ?? 1)
writeFileSync(marker, wanted)
