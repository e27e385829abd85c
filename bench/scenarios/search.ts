import Database from 'better-sqlite3'
import { join } from 'node:path'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { migrations } from '../../src/main/store/migrations'
import { databaseOf } from '../../src/main/store/handle'
import { openMagpie, type BenchMagpie } from '../lib/magpie'
import { sizeLabel } from '../lib/specs'
import { Stores, type SeededStore, type StoreSpec } from '../lib/stores'
import { mib, ms, num, percentile, spread, withRange, type Spread } from '../lib/stats'
import { traced, type TracedStatement } from '../lib/sql-trace'
import { emptyOutput, type BenchContext, type Scenario } from '../lib/types'

interface Operation {
  name: string
  make(app: BenchMagpie, store: SeededStore): Promise<() => Promise<unknown>>
}

// The seed's texts (tests/support/main/seed.ts): eight sentences in turn, each post ending "#k번째 소식".
const operations: Operation[] = [
  { name: '"하늘" (2 letters: LIKE, in 1 post of 8)', make: async (app) => () => app.call('search:query', { query: '하늘' }) },
  { name: '"은행나무" (index, in 1 post of 8)', make: async (app) => () => app.call('search:query', { query: '은행나무' }) },
  { name: '"사진관 마지막" (two words, index)', make: async (app) => () => app.call('search:query', { query: '사진관 마지막' }) },
  { name: '"하늘", its 2nd page', make: async (app) => {
    const cursor = (await app.call('search:query', { query: '하늘' })).nextCursor
    return () => app.call('search:query', { query: '하늘', cursor })
  } },
  { name: '"까치" (people by nickname + posts)', make: async (app) => () => app.call('search:query', { query: '까치' }) },
  { name: '"없는말이에요" (index, no match)', make: async (app) => () => app.call('search:query', { query: '없는말이에요' }) },
  { name: '"없어" (2 letters, no match: LIKE over every post)', make: async (app) => () => app.call('search:query', { query: '없어' }) },
  { name: 'a hashtag\'s page (#7번째, one old post)', make: async (app) => () => app.call('search:tag', { tag: '7번째' }) },
  { name: '"#12" (a tag as it is typed)', make: async (app) => () => app.call('search:query', { query: '#12' }) }
]

/** The search index's share of the file: FTS5's tables and the time keys. */
function indexBytes(app: BenchMagpie): number {
  const row = databaseOf(app.magpie.store)
    .prepare("SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'post_search%' OR name LIKE 'search_rows%' OR name LIKE 'sqlite_autoindex_search_rows%'")
    .get() as { bytes: number }
  return row.bytes
}

/** The search migration's place in the list, and what each later migration added, to take back (newest first). */
const searchMigration = migrations.findIndex((sql) => sql.includes('CREATE VIRTUAL TABLE post_search'))
const laterUndone = [
  'DROP INDEX users_by_remote_uid; ALTER TABLE users DROP COLUMN remote_uid_asked_at; DROP INDEX person_controls_by_uid; ALTER TABLE person_controls DROP COLUMN person_uid;',
  'ALTER TABLE sessions DROP COLUMN used_at;', 'DROP TABLE saved_posts;', 'DROP TABLE draft_photos; DROP TABLE post_drafts;']

/**
 * A store from before search: the search migration's tables and triggers removed (and the later
 * migrations' changes) and the version set back, so opening it runs the migration over every post,
 * as an upgrade does.
 */
function unmigrate(dir: string): void {
  if (laterUndone.length !== migrations.length - 1 - searchMigration) throw new Error('bench/search: say how to undo each migration after search')
  const db = new Database(join(dir, 'magpie.db'))
  db.exec(`${laterUndone.join(' ')} DROP TRIGGER search_post_added; DROP TRIGGER search_post_changed; DROP TRIGGER search_post_removed;
    DROP TABLE post_search; DROP TABLE search_rows; PRAGMA user_version = ${searchMigration}; VACUUM;`)
  db.close()
}

export const search: Scenario = {
  name: 'search',
  title: 'Search at 10k / 100k posts (the top bar, a hashtag page)',
  async run(ctx: BenchContext) {
    const out = emptyOutput()
    const specs: StoreSpec[] = (ctx.smoke ? [100, 400] : [10_000, 100_000]).map((posts) => ({ posts, heavyComments: [25] }))
    // Stores of its own in the run's scratch folder (none of them cached): seeded afresh each run.
    const stores = new Stores(ctx.root, ctx.tmp, false, (label, done, total) => {
      ctx.progress.step(label)
      ctx.progress.tick(done, total)
    })
    const iterations = ctx.smoke ? 20 : 200
    const warmup = ctx.smoke ? 5 : 20

    const apps: BenchMagpie[] = []
    const calls: (() => Promise<unknown>)[][] = []
    const upgrade: { migrated: number; plain: number; bytes: number; file: number }[] = []
    for (const spec of specs) {
      const seeded = await stores.get(spec)
      ctx.progress.step(`opening ${sizeLabel(spec.posts)} (the migration, then as is)`)
      const old = await stores.copy(spec)
      unmigrate(old.dir)
      let started = performance.now()
      const migrated = await openMagpie(old.dir)
      const migratedMs = performance.now() - started
      migrated.close()
      const copy = await stores.copy(spec)
      started = performance.now()
      const app = await openMagpie(copy.dir)
      const plainMs = performance.now() - started
      await app.login(1)
      upgrade.push({ migrated: migratedMs, plain: plainMs, bytes: indexBytes(app), file: seeded.bytes })
      apps.push(app)
      calls.push(await Promise.all(operations.map((op) => op.make(app, copy))))
    }

    const plans: TracedStatement[][] = []
    for (const [o] of operations.entries()) plans.push(await traced(calls.at(-1)![o]!))

    for (const [o] of operations.entries()) for (const c of calls) for (let i = 0; i < warmup; i++) await c[o]!()
    const results = operations.map(() => specs.map(() => ({ p50: [] as number[], p99: [] as number[] })))
    for (let run = 0; run < ctx.runs; run++) {
      ctx.progress.step(`run ${run + 1}/${ctx.runs}`)
      for (const [o] of operations.entries()) {
        for (let k = 0; k < specs.length; k++) {
          const s = (k + run) % specs.length
          const samples: number[] = []
          for (let i = 0; i < iterations; i++) {
            const start = performance.now()
            await calls[s]![o]!()
            samples.push(performance.now() - start)
          }
          results[o]![s]!.p50.push(percentile(samples, 50))
          results[o]![s]!.p99.push(percentile(samples, 99))
        }
        ctx.progress.tick(run * operations.length + o + 1, ctx.runs * operations.length)
        await yieldToLoop()
      }
    }
    for (const app of apps) app.close()

    const labels = specs.map((s) => sizeLabel(s.posts))
    const p50 = results.map((row) => row.map((b) => spread(b.p50)))
    const p99 = results.map((row) => row.map((b) => spread(b.p99)))
    const table = (title: string, cells: Spread[][]) => ({
      title,
      columns: ['query (one IPC call each, through the dispatcher; a page of 20 posts)', ...labels.map((l) => `${l} posts`)],
      rows: operations.map((op, o) => [op.name, ...cells[o]!.map((c) => withRange(c))])
    })
    out.tables.push(table('p50 latency (median of runs, min–max)', p50))
    out.tables.push(table('p99 latency (median of runs, min–max)', p99))
    out.tables.push({
      title: 'The index',
      columns: ['posts', 'store file', 'search index', 'opening a store from before search (the migration)', 'opening it as is'],
      rows: specs.map((spec, s) => [num(spec.posts), mib(upgrade[s]!.file), mib(upgrade[s]!.bytes), ms(upgrade[s]!.migrated), ms(upgrade[s]!.plain)])
    })
    const last = specs.length - 1
    const worst = Math.max(...operations.map((_, o) => p99[o]![last]!.median))
    out.goals.push({
      name: `every query answers within a keystroke's pause (p99, ${labels[last]} posts)`,
      target: '≤ 100 ms',
      actual: ms(worst),
      met: worst <= 100
    })
    const planLines: string[] = []
    for (const [o, op] of operations.entries()) {
      planLines.push(`**${op.name}**`, '', '```')
      for (const statement of plans[o]!) planLines.push(statement.sql, ...statement.plan.map((line) => `  ${line}`), '')
      planLines.push('```', '')
    }
    out.notes.push(
      `Stores seeded by \`seedStore\` (tests/support/main/seed.ts) in the run's scratch folder: the seed's eight sentences in turn, each post ending "#k번째 소식", ${specs.map((s) => num(Math.min(200, Math.max(2, Math.round(s.posts / 5))))).join(' / ')} people named 까치1…. ` +
        `Each run: ${iterations} calls per query and store after ${warmup} warm-up calls; ${ctx.runs} runs. Words of three letters or more are looked up in the FTS5 trigram index, newest first by its rowid (the post's time), so a common word stops after a page; shorter words are LIKE over the index's text, newest first, which stops after a page too when the word is common, and reads every post when it is in none (the "없어" row: the worst case). ` +
        'The migration row opens a copy whose search tables were dropped and version set back (then VACUUMed), so the figure is an upgrade\'s: the index built over every post.',
      `### Query plans (EXPLAIN QUERY PLAN, ${labels[last]} store)\n\n${planLines.join('\n')}`
    )
    return out
  }
}
