// `npm run lint:electron`: Doyensec's Electronegativity over the code that ships (src/ without
// tests, test doubles or the browser harness) and over the last build in out/, if there is one.
// Writes every finding to test-results/electronegativity.json and exits non-zero when a HIGH
// finding is not on the allow-list below, or when a file could not be scanned.
// Works offline: the tool's translation and Electron-release look-ups fail quietly without a network.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import run from '@doyensec/electronegativity'

const root = fileURLToPath(new URL('..', import.meta.url))
const reportFile = join(root, 'test-results', 'electronegativity.json')
const failOn = 'HIGH'

/**
 * Findings that were reviewed and are false positives, each with why. Matched on the check id,
 * the file (as printed in the report) and the flagged source line. Keep this list short: fix a
 * real finding instead of adding it here.
 */
const allowList = [
  {
    id: 'CONTEXT_ISOLATION_JS_CHECK',
    file: /^(src\/main\/desktop\/window\.ts|out\/main\/index\.js)$/,
    sample: /new BrowserWindow\(\{/,
    reason:
      'webPreferences come from secureWebPreferences() (contextIsolation: true), which the static check cannot follow; src/main/desktop/security.test.ts asserts it for every window.'
  },
  {
    id: 'SANDBOX_JS_CHECK',
    file: /^(src\/main\/desktop\/window\.ts|out\/main\/index\.js)$/,
    sample: /new BrowserWindow\(\{/,
    reason: 'Same window: secureWebPreferences() sets sandbox: true; asserted by src/main/desktop/security.test.ts.'
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: /^(src\/main\/desktop\/window\.ts|out\/main\/index\.js)$/,
    sample: /shell\.openExternal\(safe\)/,
    reason: 'Only URLs that passed safeExternalUrl() (plain https, no credentials) are opened; asserted by security.test.ts.'
  }
]

/** Files the tool cannot parse, with why that is acceptable. Any other unparsable file fails the run. */
const unscannableAllowList = [
  {
    file: /^out\/renderer\/assets\/[^/]+\.js$/,
    message: /^Unknown node type ClassPrivate/,
    reason:
      "The tool's parser predates private class fields (#x) used by bundled renderer libraries; the renderer's own code is scanned from src/."
  }
]

/** What ships from src/: no tests, test doubles or harness (they would satisfy or trip the global checks). */
function shippedSources(stage) {
  const skip = [/\.test\.tsx?$/, /[\\/]testing([\\/]|$)/, /^src[\\/]harness([\\/]|$)/]
  cpSync(join(root, 'src'), join(stage, 'src'), {
    recursive: true,
    filter: (path) => !skip.some((pattern) => pattern.test(relative(root, path)))
  })
  return join(stage, 'src')
}

function electronVersion() {
  try {
    return createRequire(import.meta.url)('electron/package.json').version
  } catch {
    return undefined
  }
}

async function scan(tree, input, version) {
  const result = await run({
    input,
    isRelative: true,
    isVerbose: false,
    electronVersionOverride: version,
    customScan: [],
    excludeFromScan: [],
    parserPlugins: []
  })
  const posix = (file) => `${tree}/${String(file).split(sep).join('/')}`
  return {
    errors: result.errors.map((error) => ({ ...error, file: posix(relative(input, error.file)) })),
    findings: result.issues.map((issue) => ({
      id: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      file: posix(issue.file),
      line: issue.location.line,
      column: issue.location.column,
      sample: issue.sample ?? '',
      description: issue.description,
      manualReview: Boolean(issue.manualReview),
      url: `https://github.com/doyensec/electronegativity/wiki/${issue.id}`
    }))
  }
}

const stage = mkdtempSync(join(tmpdir(), 'magpie-electronegativity-'))
try {
  const version = electronVersion()
  const trees = [['src', shippedSources(stage)]]
  const out = join(root, 'out')
  if (existsSync(out)) trees.push(['out', out])
  else console.log('electronegativity: no out/ build, scanning src/ only (run `npm run build` to include it)')

  const findings = []
  const errors = []
  for (const [tree, input] of trees) {
    const result = await scan(tree, input, version)
    findings.push(...result.findings)
    errors.push(...result.errors)
  }

  const used = new Set()
  for (const finding of findings) {
    const entry = allowList.find((e) => e.id === finding.id && e.file.test(finding.file) && e.sample.test(finding.sample))
    finding.allowed = entry ? entry.reason : null
    if (entry) used.add(entry)
  }
  const blocking = findings.filter((f) => f.severity === failOn && !f.allowed)
  for (const error of errors) {
    const entry = unscannableAllowList.find((e) => e.file.test(error.file) && e.message.test(error.message))
    error.allowed = entry ? entry.reason : null
    if (entry) used.add(entry)
  }
  const unscanned = errors.filter((e) => !e.tolerable && !e.allowed)

  mkdirSync(join(root, 'test-results'), { recursive: true })
  writeFileSync(
    reportFile,
    JSON.stringify({ electronVersion: version ?? null, scanned: trees.map(([tree]) => tree), failOn, blocking: blocking.length, findings, errors }, null, 2)
  )

  console.log(`\nelectronegativity (Electron ${version ?? 'unknown'}): ${findings.length} finding(s) in ${trees.map(([t]) => t).join(', ')}`)
  for (const f of findings) {
    const status = f.allowed ? 'allowed' : f.severity === failOn ? 'BLOCKING' : 'review'
    console.log(`  [${status}] ${f.severity}/${f.confidence} ${f.id} ${f.file}:${f.line}:${f.column}  ${f.sample.slice(0, 80)}`)
    if (f.allowed) console.log(`      ${f.allowed}`)
  }
  for (const e of errors) {
    console.log(`  [${e.tolerable ? 'warning' : e.allowed ? 'not scanned, allowed' : 'UNSCANNED'}] ${e.file}: ${e.message}`)
  }
  const allowedUnscanned = errors.filter((e) => e.allowed)
  if (allowedUnscanned.length > 0) console.log(`      ${allowedUnscanned[0].allowed}`)
  for (const entry of [...allowList, ...unscannableAllowList]) {
    if (!used.has(entry)) console.log(`  note: allow-list entry ${entry.id ?? ''} ${entry.file} matched nothing; remove it if the finding is gone`)
  }
  console.log(`report: ${relative(root, reportFile)}`)

  if (blocking.length > 0 || unscanned.length > 0) {
    console.error(`electronegativity: ${blocking.length} ${failOn} finding(s) not on the allow-list, ${unscanned.length} file(s) not scanned`)
    process.exitCode = 1
  }
} finally {
  rmSync(stage, { recursive: true, force: true })
}
