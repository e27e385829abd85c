import type { Machine } from './machine'
import type { ScenarioRecord, Table } from './types'

export interface Results {
  machine: Machine
  /** Seconds the last full `npm run bench` took. */
  totalSeconds: number | null
  scenarios: Record<string, ScenarioRecord>
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function markdownTable(table: Table): string {
  const lines: string[] = []
  if (table.title) lines.push(`**${table.title}**`, '')
  lines.push(`| ${table.columns.map(cell).join(' | ')} |`, `|${table.columns.map(() => '---').join('|')}|`)
  for (const row of table.rows) lines.push(`| ${row.map(cell).join(' | ')} |`)
  if (table.note) lines.push('', table.note)
  return lines.join('\n')
}

const verdict = (g: { met: boolean | null; target: string }) =>
  g.met === null ? (g.target === '–' ? 'information' : 'pending') : g.met ? '**met**' : '**missed**'

/** docs/BENCHMARKS.md from the results of every scenario (each keeps its own date and commit). */
export function renderReport(results: Results, order: { name: string; title: string }[], chartFile: string | null, findings: string | null): string {
  const { machine } = results
  const out: string[] = []
  out.push(
    '# Magpie benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts) — regenerate rather than edit. Each scenario also runs alone',
    '(`npm run bench -- <name>`: ' + order.map((s) => `\`${s.name}\``).join(', ') + '); `npm run bench:smoke` is the',
    'seconds-long version CI runs (tiny sizes, nothing asserted, nothing written). Figures are the median of several runs',
    'with the min–max across runs in brackets; speed is only ever measured here, never asserted in tests.',
    '',
    '## Machine',
    '',
    markdownTable({
      columns: ['', ''],
      rows: [
        ['CPU', `${machine.cpu}, ${machine.cores} cores`],
        ['RAM', `${machine.ramGiB} GiB`],
        ['OS', machine.os],
        ['Node', machine.node],
        ['SQLite', machine.sqlite],
        ['Chromium', machine.chromium],
        ['date', machine.date],
        ['commit', `\`${machine.commit}\`${machine.commit.endsWith('-dirty') ? ' (with the uncommitted changes in the working tree)' : ''}`],
        ['load average at start (1, 5, 15 min)', machine.loadAtStart],
        ['whole suite took', results.totalSeconds === null ? '–' : `${Math.round(results.totalSeconds)} s`]
      ]
    }),
    ''
  )

  const goals = order.flatMap(({ name }) => (results.scenarios[name]?.goals ?? []).map((g) => ({ ...g, scenario: name })))
  out.push('## Goals', '', markdownTable({
    columns: ['scenario', 'goal', 'target', 'measured', 'verdict'],
    rows: goals.map((g) => [g.scenario, g.name, g.target, g.actual, verdict(g) + (g.why ? ` — ${g.why}` : '')])
  }), '')
  if (findings) out.push(findings.trim(), '')

  order.forEach(({ name, title }, index) => {
    const record = results.scenarios[name]
    out.push(`## ${index + 1}. ${title} (\`${name}\`)`, '')
    if (!record) {
      out.push('_Not measured yet: run `npm run bench -- ' + name + '`._', '')
      return
    }
    if (record.measuredAt !== machine.date || record.commit !== machine.commit) {
      out.push(`_Measured ${record.measuredAt} at \`${record.commit}\` (run alone)._`, '')
    }
    out.push(renderScenario(record, chartFile))
  })
  return out.join('\n').replace(/\n{3,}/g, '\n\n')
}

/** One scenario's section body: time taken, warnings, chart, tables, notes. */
export function renderScenario(record: ScenarioRecord, chartFile: string | null): string {
  const out: string[] = [`_Took ${Math.round(record.seconds)} s._`, '']
  if (record.warnings.length > 0) out.push(...record.warnings.map((w) => `> **Warning:** ${w}`), '')
  if (record.chart && chartFile) out.push(`![${record.chart.title}](${chartFile})`, '')
  for (const table of record.tables) out.push(markdownTable(table), '')
  for (const note of record.notes) out.push(note, '')
  return out.join('\n')
}
