// `npm run bench [-- <scenario>…] [--runs N] [--fresh] [--no-write]`: Magpie's benchmark suite.
// `npm run bench:smoke`: every scenario at tiny sizes, one run, nothing written (for CI).
// Writes docs/BENCHMARKS.md, docs/bench/results.json and docs/bench/scaling.svg; `-- --report`
// only writes the doc and chart again from results.json (after editing bench/findings.md).
// Other options: --runs N (default 5), --fresh (seed the stores again), --print, --list.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { lineChartSvg } from './lib/chart'
import { describeMachine } from './lib/machine'
import { Progress } from './lib/progress'
import { renderReport, renderScenario, type Results } from './lib/report'
import { Stores } from './lib/stores'
import type { BenchContext, Scenario, ScenarioRecord } from './lib/types'
import { alerts } from './scenarios/alerts'
import { communityDay } from './scenarios/community-day'
import { firstPaint } from './scenarios/first-paint'
import { images } from './scenarios/images'
import { guessing } from './scenarios/guessing'
import { locks } from './scenarios/locks'
import { snapshots } from './scenarios/snapshots'
import { scroll } from './scenarios/scroll'
import { search } from './scenarios/search'
import { seedPattern } from './scenarios/seed-pattern'
import { store } from './scenarios/store'
import { weight } from './scenarios/weight'
import { writes } from './scenarios/writes'

const scenarios: Scenario[] = [store, seedPattern, communityDay, firstPaint, weight, scroll, alerts, writes, images, locks, guessing, snapshots, search]
/** Scenarios that load the built renderer. */
const needRenderer = new Set(['first-paint', 'weight', 'scroll'])

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const docFile = join(root, 'docs/BENCHMARKS.md')
const resultsFile = join(root, 'docs/bench/results.json')
const chartFile = join(root, 'docs/bench/scaling.svg')

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    smoke: { type: 'boolean', default: false },
    runs: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    print: { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false }
  }
})

if (values.report) {
  // Only writes docs/BENCHMARKS.md and the chart again from docs/bench/results.json (e.g. after editing bench/findings.md).
  await writeReport(JSON.parse(await readFile(resultsFile, 'utf8')) as Results)
  process.exit(0)
}

if (values.list) {
  for (const s of scenarios) console.log(`${s.name.padEnd(14)} ${s.title}${s.aliases ? ` (also: ${s.aliases.join(', ')})` : ''}`)
  process.exit(0)
}

const byName = new Map<string, Scenario>()
for (const s of scenarios) for (const name of [s.name, ...(s.aliases ?? [])]) byName.set(name, s)
const unknown = positionals.filter((name) => !byName.has(name))
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(', ')}; one of: ${scenarios.map((s) => s.name).join(', ')}`)
  process.exit(2)
}
const selected = positionals.length > 0 ? scenarios.filter((s) => positionals.some((p) => byName.get(p) === s)) : scenarios
const smoke = values.smoke
const runs = values.runs ? Number(values.runs) : smoke ? 1 : 5
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number ≥ 1')
  process.exit(2)
}
const write = !smoke && !values['no-write']

const progress = new Progress()
const tmp = await mkdtemp(join(tmpdir(), 'magpie-bench-'))
const stores = new Stores(root, tmp, !smoke && !values.fresh, (label, done, total) => {
  progress.step(label)
  progress.tick(done, total)
})
if (values.fresh && !smoke) await rm(join(root, 'node_modules/.cache/magpie-bench'), { recursive: true, force: true })

const machine = describeMachine(root)
progress.log(
  `Magpie bench${smoke ? ' (smoke)' : ''}: ${selected.map((s) => s.name).join(', ')} — ${runs} run${runs > 1 ? 's' : ''} each\n` +
    `${machine.cpu}, ${machine.cores} cores, ${machine.ramGiB} GiB, Node ${machine.node}, load ${machine.loadAtStart}, commit ${machine.commit}`
)

if (!values['no-build'] && selected.some((s) => needRenderer.has(s.name))) {
  progress.step('building the app (electron-vite build)')
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, encoding: 'utf8' })
  if (build.status !== 0) {
    progress.log(build.stdout + build.stderr)
    throw new Error('electron-vite build failed')
  }
}

const ctx: BenchContext = { smoke, runs, progress, stores, tmp, root }
const records: ScenarioRecord[] = []
const failures: string[] = []
try {
  for (const [i, scenario] of selected.entries()) {
    progress.scenario(i + 1, selected.length, scenario.name)
    const started = performance.now()
    try {
      const output = await scenario.run(ctx)
      const seconds = (performance.now() - started) / 1000
      records.push({ ...output, name: scenario.name, title: scenario.title, measuredAt: machine.date, commit: machine.commit, seconds })
      for (const warning of output.warnings) progress.log(`WARNING ${warning}`)
      const missed = output.goals.filter((g) => g.met === false).length
      progress.log(
        `✓ ${scenario.name} (${seconds.toFixed(0)} s)` +
          (output.goals.length > 0 ? `: ${output.goals.filter((g) => g.met).length} goals met, ${missed} missed` : '')
      )
      if (values.print) progress.log(renderScenario(records.at(-1)!, null))
      for (const goal of output.goals) progress.log(`    ${goal.met === null ? '·' : goal.met ? '✓' : '✗'} ${goal.name}: ${goal.actual} (goal ${goal.target})`)
    } catch (error) {
      failures.push(scenario.name)
      progress.log(`✗ ${scenario.name} crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    }
  }
} finally {
  progress.done()
  await rm(tmp, { recursive: true, force: true })
}

if (write && records.length > 0) {
  const previous: Results | null = existsSync(resultsFile) ? (JSON.parse(await readFile(resultsFile, 'utf8')) as Results) : null
  const whole = selected.length === scenarios.length
  const results: Results = {
    // A partial run keeps the machine header of the last full run (each scenario carries its own date).
    machine: whole || !previous ? machine : previous.machine,
    totalSeconds: whole ? progress.seconds : (previous?.totalSeconds ?? null),
    scenarios: { ...(previous?.scenarios ?? {}), ...Object.fromEntries(records.map((r) => [r.name, r])) }
  }
  await writeReport(results)
  progress.log(`wrote ${[docFile, resultsFile, chartFile].map((f) => f.slice(root.length + 1)).join(', ')}`)
}

progress.log(`${failures.length === 0 ? 'done' : `FAILED: ${failures.join(', ')}`} in ${Math.round(progress.seconds)} s`)
process.exit(failures.length === 0 ? 0 : 1)

/** docs/bench/results.json, docs/bench/scaling.svg and docs/BENCHMARKS.md from the results. */
async function writeReport(results: Results): Promise<void> {
  const chart = results.scenarios.store?.chart
  await mkdir(join(root, 'docs/bench'), { recursive: true })
  if (chart) {
    await writeFile(
      chartFile,
      lineChartSvg({
        title: chart.title,
        subtitle: `${results.machine.cpu}, ${results.machine.cores} cores · Node ${results.machine.node} · ${results.scenarios.store!.measuredAt.slice(0, 10)} · ${results.scenarios.store!.commit}`,
        xLabel: 'posts in the store (log scale)',
        yLabel: chart.yLabel + ', log scale',
        series: chart.series
      })
    )
  }
  await writeFile(resultsFile, JSON.stringify(results, null, 2) + '\n')
  const findings = await readFile(join(root, 'bench/findings.md'), 'utf8').catch(() => null)
  await writeFile(docFile, renderReport(results, scenarios, chart ? 'bench/scaling.svg' : null, findings))
}
