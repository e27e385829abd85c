import type { Progress } from './progress'
import type { Stores } from './stores'

/** A table in the report: Markdown cells, already formatted. */
export interface Table {
  title?: string
  columns: string[]
  rows: string[][]
  note?: string
}

/** A goal of the issue: met, missed (with why), or not measurable here yet (null). */
export interface Goal {
  name: string
  target: string
  actual: string
  met: boolean | null
  why?: string
}

/** One line of the scaling chart: a value per store size. */
export interface ChartSeries {
  label: string
  points: { x: number; y: number; min?: number; max?: number }[]
}

export interface ScenarioOutput {
  tables: Table[]
  goals: Goal[]
  /** Markdown paragraphs: method, findings, before/after of fixes. */
  notes: string[]
  warnings: string[]
  chart?: { title: string; yLabel: string; series: ChartSeries[] }
}

export interface ScenarioRecord extends ScenarioOutput {
  name: string
  title: string
  measuredAt: string
  commit: string
  seconds: number
}

export interface BenchContext {
  /** Tiny sizes, one run, nothing written: proves every scenario still runs. */
  smoke: boolean
  /** Runs per figure (the median is reported, with min–max). */
  runs: number
  progress: Progress
  stores: Stores
  /** A scratch folder for this run, removed at the end. */
  tmp: string
  /** The repository root. */
  root: string
}

export interface Scenario {
  name: string
  title: string
  /** Other names `npm run bench -- <name>` accepts. */
  aliases?: string[]
  run(ctx: BenchContext): Promise<ScenarioOutput>
}

export const emptyOutput = (): ScenarioOutput => ({ tables: [], goals: [], notes: [], warnings: [] })
