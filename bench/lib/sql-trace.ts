import Database from 'better-sqlite3'

export interface TracedStatement {
  sql: string
  /** EXPLAIN QUERY PLAN, one line per step, indented by depth. */
  plan: string[]
  /** Why the plan is suspect (a full scan, a sort without an index), or null. */
  problem: string | null
}

interface Executed {
  db: Database.Database
  sql: string
  args: unknown[]
  rows: number
}

type Method = 'all' | 'get' | 'run' | 'iterate'
let active: Executed[] | null = null
let installed = false

/** Wraps better-sqlite3's statement methods once so that traced() can see every statement run. */
function install(): void {
  if (installed) return
  installed = true
  const probe = new Database(':memory:')
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<Method, (...args: unknown[]) => unknown>
  probe.close()
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = proto[method]
    proto[method] = function (this: { source: string; database: Database.Database }, ...args: unknown[]) {
      const result = original.apply(this, args)
      const rows = method === 'all' ? (result as unknown[]).length : method === 'get' ? (result === undefined ? 0 : 1) : 0
      active?.push({ db: this.database, sql: this.source, args, rows })
      return result
    }
  }
}

const bookkeeping = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA)\b/i

/** A full table scan or a sort the index does not provide. */
export function planProblem(plan: string[]): string | null {
  for (const line of plan) {
    const step = line.trim()
    if (/^SCAN \S+( AS \S+)?$/.test(step)) return `full scan: ${step}`
    if (/USE TEMP B-TREE/.test(step)) return `sort without an index: ${step}`
  }
  return null
}

/** Rows the statements of one operation hand to JavaScript (PRAGMA and transaction bookkeeping aside). */
export async function rowsRead(operation: () => Promise<unknown> | unknown): Promise<{ rows: number; statements: number }> {
  install()
  const seen: Executed[] = []
  active = seen
  try {
    await operation()
  } finally {
    active = null
  }
  const counted = seen.filter((e) => !bookkeeping.test(e.sql))
  return { rows: counted.reduce((sum, e) => sum + e.rows, 0), statements: counted.length }
}

/** The statements one operation runs (deduplicated, in order), each with its query plan. */
export async function traced(operation: () => Promise<unknown> | unknown): Promise<TracedStatement[]> {
  install()
  const seen: Executed[] = []
  active = seen
  try {
    await operation()
  } finally {
    active = null
  }
  const out: TracedStatement[] = []
  const done = new Set<string>()
  for (const { db, sql, args } of seen) {
    const text = sql.replace(/\s+/g, ' ').trim()
    if (bookkeeping.test(text) || done.has(text)) continue
    done.add(text)
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { id: number; parent: number; detail: string }[]
    const depth = new Map<number, number>([[0, -1]])
    const plan = rows.map((row) => {
      const d = (depth.get(row.parent) ?? 0) + 1
      depth.set(row.id, d)
      return `${'  '.repeat(d)}${row.detail}`
    })
    out.push({ sql: text, plan, problem: planProblem(plan) })
  }
  return out
}
