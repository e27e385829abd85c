import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { encodeCursor } from '../../src/main/store/keyset'
import { openMagpie, type BenchMagpie } from '../lib/magpie'
import { scalingSpecs, sizeLabel } from '../lib/specs'
import { traced, type TracedStatement } from '../lib/sql-trace'
import { mib, ms, num, percentile, spread, withRange, type Spread } from '../lib/stats'
import type { SeededStore } from '../lib/stores'
import { emptyOutput, type BenchContext, type Scenario, type Table } from '../lib/types'
import { databaseOf } from '../../src/main/store/handle'

interface Operation {
  name: string
  /** The figure the 100k ÷ 1k goal applies to. */
  goal: boolean
  /** Builds the call for one store; each call may rotate through several targets. */
  make(app: BenchMagpie, store: SeededStore): Promise<() => Promise<unknown>>
}

const rotate = <T>(items: T[]) => {
  let i = 0
  return () => items[i++ % items.length]!
}

/** Posts spread evenly over the whole store (not the two with extra comments). */
function spreadPosts(store: SeededStore, count: number): string[] {
  const ordinary = store.posts.filter((id) => !store.heavy.includes(id))
  return Array.from({ length: count }, (_, k) => ordinary[Math.floor(((k + 0.5) * ordinary.length) / count)]!)
}

async function feedCursorAt(app: BenchMagpie, postId: string): Promise<string> {
  const post = app.magpie.store.posts.get(postId, null)!
  return encodeCursor({ at: post.createdAt, id: post.id })
}

/** Seeded user number (user{n}@magpie.test) of the author of the post with 10k comments. */
export function viewerNumber(app: BenchMagpie, store: SeededStore): number {
  const author = app.magpie.store.posts.ownership(store.heavy[0]!)!.authorId
  return store.users.indexOf(author) + 1
}

const operations: Operation[] = [
  {
    name: 'feed, first page',
    goal: true,
    async make(app) {
      return () => app.call('posts:feed', { cursor: null })
    }
  },
  {
    name: 'feed, deep cursor (90% down)',
    goal: true,
    async make(app, store) {
      // Pages that start 88–92% of the way down the feed (the posts list is oldest first).
      const n = store.posts.length
      const ids = Array.from({ length: 16 }, (_, k) => store.posts[Math.floor(n * (0.08 + (k * 0.04) / 16))]!)
      const next = rotate(await Promise.all(ids.map((id) => feedCursorAt(app, id))))
      return () => app.call('posts:feed', { cursor: next() })
    }
  },
  {
    // The feed's find bar after 1,000 cards read: main reads those posts' text (decision 015).
    name: 'find in the first 1,000 posts read',
    goal: false,
    async make(app, store) {
      const n = store.posts.length
      const through = await feedCursorAt(app, store.posts[Math.max(0, n - 1000)]!)
      return () => app.call('posts:find', { query: '바다', through })
    }
  },
  {
    name: 'detail + first comments page',
    goal: true,
    async make(app, store) {
      const next = rotate(spreadPosts(store, 64))
      return async () => {
        const id = next()
        await app.call('posts:get', { id })
        await app.call('comments:list', { postId: id, cursor: null })
      }
    }
  },
  {
    name: 'alerts list (newest 200 + count)',
    goal: true,
    async make(app) {
      return () => app.call('alerts:list')
    }
  },
  {
    name: 'post with 10k comments: detail + first page',
    goal: true,
    async make(app, store) {
      const id = store.heavy[0]!
      return async () => {
        await app.call('posts:get', { id })
        await app.call('comments:list', { postId: id, cursor: null })
      }
    }
  },
  {
    name: 'post with 10k comments: last page (deep cursor)',
    goal: true,
    async make(app, store) {
      const postId = store.heavy[0]!
      const total = store.spec.heavyComments[0]! + 2
      const before = app.magpie.store.comments.page(null, postId, null, total - 15).at(-1)!
      const cursor = encodeCursor({ at: before.createdAt, id: before.id })
      return () => app.call('comments:list', { postId, cursor })
    }
  }
]

interface Block {
  p50: number[]
  p99: number[]
}

export const store: Scenario = {
  name: 'store',
  title: 'Store queries at 1k / 10k / 100k posts',
  aliases: ['feed', 'queries'],
  async run(ctx: BenchContext) {
    const out = emptyOutput()
    const specs = scalingSpecs(ctx.smoke)
    const iterations = ctx.smoke ? 30 : 400
    const warmup = ctx.smoke ? 5 : 40

    const stores: SeededStore[] = []
    for (const spec of specs) stores.push(await ctx.stores.get(spec))
    ctx.progress.step('opening stores')
    const apps: BenchMagpie[] = []
    const calls: (() => Promise<unknown>)[][] = []
    for (const spec of specs) {
      const copy = await ctx.stores.copy(spec)
      const app = await openMagpie(copy.dir)
      // The viewer: the author of the post with 10k comments, so in every store the alerts list
      // is a full page (the newest 200) and compares like with like.
      await app.login(viewerNumber(app, copy))
      apps.push(app)
      calls.push(await Promise.all(operations.map((op) => op.make(app, copy))))
    }

    // Query plans, from the largest store: every statement each operation runs.
    const plans: TracedStatement[][] = []
    for (const [o] of operations.entries()) plans.push(await traced(calls.at(-1)![o]!))

    // Interleaved finely: each run goes round every operation on every store in short bursts
    // (the order of stores rotating), so a busy moment on the machine falls on all sizes alike.
    for (const [o] of operations.entries()) for (const c of calls) for (let i = 0; i < warmup; i++) await c[o]!()
    const rounds = ctx.smoke ? 1 : 10
    const burst = Math.ceil(iterations / rounds)
    const results = operations.map(() => specs.map((): Block => ({ p50: [], p99: [] })))
    for (let run = 0; run < ctx.runs; run++) {
      ctx.progress.step(`run ${run + 1}/${ctx.runs}`)
      const samples = operations.map(() => specs.map((): number[] => []))
      for (let round = 0; round < rounds; round++) {
        for (const [o] of operations.entries()) {
          for (let k = 0; k < specs.length; k++) {
            const s = (k + round + run) % specs.length
            const call = calls[s]![o]!
            const into = samples[o]![s]!
            for (let i = 0; i < burst; i++) {
              const start = performance.now()
              await call()
              into.push(performance.now() - start)
            }
          }
        }
        ctx.progress.tick(run * rounds + round + 1, ctx.runs * rounds)
        await yieldToLoop()
      }
      for (const [o] of operations.entries()) {
        for (const [s] of specs.entries()) {
          results[o]![s]!.p50.push(percentile(samples[o]![s]!, 50))
          results[o]![s]!.p99.push(percentile(samples[o]![s]!, 99))
        }
      }
    }
    // Facts about each store, counted (a benchmark may read the tables directly).
    const facts = apps.map((app) => {
      const count = (sql: string, ...args: unknown[]) => (databaseOf(app.magpie.store).prepare(sql).get(...args) as { n: number }).n
      const viewer = app.magpie.services.auth.currentUserId()
      return {
        likes: count('SELECT count(*) AS n FROM likes'),
        comments: count('SELECT count(*) AS n FROM comments'),
        alerts: count('SELECT count(*) AS n FROM alerts'),
        viewerAlerts: count('SELECT count(*) AS n FROM alerts WHERE user_id = ?', viewer),
        changes: count('SELECT count(*) AS n FROM changes')
      }
    })
    for (const app of apps) app.close()

    const p50 = results.map((row) => row.map((b) => spread(b.p50)))
    const p99 = results.map((row) => row.map((b) => spread(b.p99)))
    const labels = specs.map((s) => sizeLabel(s.posts))
    const first = 0
    const last = specs.length - 1
    const ratio = (row: Spread[]) => row[last]!.median / row[first]!.median

    out.tables.push({
      title: 'Stores',
      columns: ['posts', 'users', 'likes', 'comments', 'alerts', "viewer's alerts", 'change log', 'store file', 'seeded in'],
      rows: stores.map((s, i) => [
        num(s.posts.length),
        num(s.users.length),
        num(facts[i]!.likes),
        num(facts[i]!.comments),
        num(facts[i]!.alerts),
        num(facts[i]!.viewerAlerts),
        num(facts[i]!.changes),
        mib(s.bytes),
        s.seedSeconds === null ? 'cached' : `${s.seedSeconds.toFixed(1)} s`
      ]),
      note: `Seeded by \`seedStore\` (tests/support/main/seed.ts, \`files: 'shared'\`) through the store's own statements and triggers: 3 likes and 2 comments per post, each making an alert for the author; the newest post has ${num(specs[0]!.heavyComments[0]!)} extra comments and the next ${num(specs[0]!.heavyComments[1]!)}. The viewer is the author of that post, so their alerts (one per comment on it, plus their share of the rest) fill the alerts page in every store. The change log is pruned to its last 50,000 rows as a running app keeps it.`
    })
    const perSize = (label: string, cells: Spread[][]): Table => ({
      title: label,
      columns: ['operation (one IPC call each, through the dispatcher)', ...labels.map((l) => `${l} posts`), `${labels[last]} ÷ ${labels[first]}`],
      rows: operations.map((op, o) => [op.name, ...cells[o]!.map((c) => withRange(c)), `${ratio(cells[o]!).toFixed(2)}×`])
    })
    out.tables.push(perSize('p50 latency (median of runs, min–max)', p50))
    out.tables.push(perSize('p99 latency (median of runs, min–max)', p99))

    for (const [o, op] of operations.entries()) {
      if (!op.goal) continue
      const r = ratio(p50[o]!)
      out.goals.push({
        name: `${op.name}: p50 ${labels[last]} ÷ ${labels[first]}`,
        target: '≤ 1.1',
        actual: `${r.toFixed(2)} (${ms(p50[o]![first]!.median)} → ${ms(p50[o]![last]!.median)})`,
        met: r <= 1.1,
        why: r <= 1.1 ? undefined : 'its joins look up random (UUID) keys in tables 100× larger: deeper b-trees, no locality from one row to the next (see "What remains of the growth")'
      })
    }

    const planLines: string[] = []
    for (const [o, op] of operations.entries()) {
      planLines.push(`**${op.name}**`, '', '```')
      for (const statement of plans[o]!) {
        planLines.push(statement.sql, ...statement.plan.map((line) => `  ${line}`))
        if (statement.problem) {
          planLines.push(`  !! ${statement.problem}`)
          out.warnings.push(`store: "${op.name}" runs a statement without an index (${statement.problem}): ${statement.sql.slice(0, 120)}`)
        }
        planLines.push('')
      }
      planLines.push('```', '')
    }
    const allIndexed = plans.every((p) => p.every((s) => !s.problem))
    out.goals.push({
      name: 'every statement of these operations uses an index',
      target: 'no full scan, no sort without an index',
      actual: allIndexed ? 'yes (plans below)' : 'no — see the !! lines in the plans',
      met: allIndexed
    })
    out.notes.push(
      `Each run: ${rounds * burst} calls per operation and store, in ${rounds} bursts of ${burst} taking turns with the other stores, after ${warmup} warm-up calls each; ${ctx.runs} runs, each giving a p50 and a p99. ` +
        'The calls go through `createMagpie`\'s dispatcher as the renderer\'s IPC calls do (input schema, service, store, view mapping, the change watcher\'s check after each call), signed in as the author of the post with 10k comments. ' +
        'Detail rotates over 64 posts spread across the whole store; the deep feed cursor over 16 pages 88–92% of the way down.',
      `### Query plans (EXPLAIN QUERY PLAN, ${labels[last]} store)\n\nEvery statement each operation runs, captured from better-sqlite3 while the operation ran. The bench prints a warning for any full table scan or sort without an index.\n\n${planLines.join('\n')}`
    )
    out.chart = {
      title: 'Store queries: p50 latency by store size',
      yLabel: 'p50 latency (ms)',
      series: operations.map((op, o) => ({
        label: op.name,
        points: specs.map((spec, s) => ({ x: spec.posts, y: p50[o]![s]!.median, min: p50[o]![s]!.min, max: p50[o]![s]!.max }))
      }))
    }
    return out
  }
}
