// Runs before `npm start`, `npm run dev` and `npm run dist`: checks Node's version (Electron's
// tools need package.json's engines.node), then builds Electron's own better-sqlite3 if it is
// missing (docs/decisions/009-native-modules-per-runtime.md), then — before start and dev on
// Linux — that Chromium's sandbox can start (scripts/linux-sandbox.ts; MAGPIE_SKIP_SANDBOX_CHECK=1
// skips it). Plain JavaScript up to the version check, so an old Node gets one sentence instead
// of a stack trace.
import { readFileSync } from 'node:fs'

const required = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node.replace(/^>=\s*/, '')
const parts = (version) => version.split('.').map((part) => Number.parseInt(part, 10))
const [want, have] = [parts(required), parts(process.versions.node)]
const older = want.some((part, i) => have.slice(0, i).every((h, j) => h === want[j]) && (have[i] ?? 0) < part)
if (older) {
  console.error(
    `Magpie's Electron tools need Node.js ${required} or newer, and this is Node.js ${process.versions.node}: install a newer Node.js (tests and the browser harness also run on Node 20.19).`
  )
  process.exit(1)
}

const { tsImport } = await import('tsx/esm/api')
const { prepareElectron } = await tsImport('./native/prepare.ts', import.meta.url)
process.exitCode = await prepareElectron(process.argv.slice(2))

const running = ['prestart', 'predev', undefined].includes(process.env.npm_lifecycle_event)
if (process.exitCode === 0 && running && process.env.MAGPIE_SKIP_SANDBOX_CHECK !== '1') {
  const { readSandboxFacts, sandboxProblem } = await tsImport('./linux-sandbox.ts', import.meta.url)
  const electronDist = new URL('../node_modules/electron/dist', import.meta.url).pathname
  const problem = sandboxProblem(readSandboxFacts(electronDist), electronDist)
  if (problem) {
    console.error(problem)
    process.exitCode = 1
  }
}
