import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { createRecordingDesktop } from '../../src/harness/recording-desktop'
import type { PlannedWrite } from '../lib/alert-writer'
import { openMagpie } from '../lib/magpie'
import { browserSpec } from '../lib/specs'
import { ms, num, percentile, spread, wallClock, withRange } from '../lib/stats'
import type { SeededStore } from '../lib/stores'
import { emptyOutput, type BenchContext, type Scenario } from '../lib/types'

const shippedInterval = 150

interface Latencies {
  notification: number[]
  badge: number[]
  missing: number
}

/** Writes on user1's posts by other people, never the same (post, person, kind) twice, none already there. */
function planWrites(store: SeededStore, count: number, liked: (postId: string, userId: string) => boolean): PlannedWrite[] {
  const users = store.users
  const theirs = store.posts.filter((_, i) => i % users.length === 0) // user1 wrote every 200th post
  const plan: PlannedWrite[] = []
  const used = new Set<string>()
  for (let k = 0; plan.length < count; k++) {
    const kind = plan.length % 2 === 0 ? 'like' : 'comment'
    const postId = theirs[k % theirs.length]!
    const userId = users[1 + ((k * 7) % (users.length - 1))]!
    const key = `${kind}|${postId}|${userId}`
    if (used.has(key) || (kind === 'like' && liked(postId, userId))) continue
    used.add(key)
    plan.push({ kind, postId, userId })
  }
  return plan
}

async function measure(ctx: BenchContext, intervalMs: number, seconds: number, rate: number): Promise<Latencies> {
  const copy = await ctx.stores.copy(browserSpec(ctx.smoke))
  const desktop = createRecordingDesktop()
  const notified: { route: string; body: string; t: number }[] = []
  const badges: { count: number; t: number }[] = []
  const { notify, setBadge } = desktop.port
  desktop.port.notify = (n) => {
    notified.push({ route: n.route, body: n.body, t: wallClock() })
    notify(n)
  }
  desktop.port.setBadge = (count) => {
    badges.push({ count, t: wallClock() })
    setBadge(count)
  }
  // The first copy: signed in as user1, window in the background so alerts become notifications.
  const app = await openMagpie(copy.dir, { focused: false, watchIntervalMs: intervalMs, desktop })
  const me = await app.login(1)
  const base = app.magpie.store.alerts.count(me)
  const nickname = new Map(copy.users.map((id, i) => [id, `까치${i + 1}`]))
  const plan = planWrites(copy, Math.max(2, Math.round(seconds * rate)), (p, u) => app.magpie.store.likes.has(p, u))
  const planFile = join(copy.dir, 'writes.json')
  await writeFile(planFile, JSON.stringify(plan))

  // The second copy: its own process on the same store.
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/alert-writer.ts', copy.dir, planFile, String(rate)], {
    cwd: ctx.root,
    stdio: ['pipe', 'pipe', 'inherit']
  })
  const committed: number[] = []
  const lines = createInterface({ input: child.stdout! })
  const finished = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line === 'ready') child.stdin!.write('go\n')
      else if (line === 'done') resolve()
      else if (line.startsWith('{')) {
        const { i, t } = JSON.parse(line) as { i: number; t: number }
        committed[i] = t
        ctx.progress.tick(i + 1, plan.length)
      }
    })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`alert writer exited ${code}`))))
  })
  await finished
  // Let the last commits reach the first copy.
  await new Promise((resolve) => setTimeout(resolve, intervalMs * 3 + 200))
  app.close()

  const result: Latencies = { notification: [], badge: [], missing: 0 }
  plan.forEach((write, i) => {
    // Alerts on one post group into one notification that names the newest actor first
    // ("까치7님 외 2명이…", or "까치7님이 댓글을 남겼어요: …"): this write's is the first on its
    // post that names its actor after its commit.
    const actor = `${nickname.get(write.userId)!}님`
    const shown = notified.find((n) => n.route === `/detail/${write.postId}` && n.body.startsWith(actor) && n.t >= (committed[i] ?? Infinity))?.t
    const badge = badges.find((b) => b.count >= base + i + 1)
    if (shown === undefined || badge === undefined || committed[i] === undefined) {
      result.missing++
      return
    }
    result.notification.push(shown - committed[i]!)
    result.badge.push(badge.t - committed[i]!)
  })
  return result
}

export const alerts: Scenario = {
  name: 'alerts',
  title: 'Alerts across two app copies',
  aliases: ['live'],
  async run(ctx: BenchContext) {
    const out = emptyOutput()
    const rate = 10
    const seconds = ctx.smoke ? 1 : 12
    const runs = ctx.smoke ? 1 : Math.min(ctx.runs, 3)
    const shipped: Latencies[] = []
    for (let r = 0; r < runs; r++) {
      ctx.progress.step(`watcher every ${shippedInterval} ms, run ${r + 1}/${runs}`)
      shipped.push(await measure(ctx, shippedInterval, seconds, rate))
    }
    ctx.progress.step('watcher every 50 ms (for comparison, not shipped)')
    const faster = await measure(ctx, 50, ctx.smoke ? 1 : 8, rate)

    const row = (label: string, results: Latencies[]) => {
      const p = (pick: (l: Latencies) => number[], q: number) => spread(results.map((l) => percentile(pick(l), q)))
      return [
        label,
        num(results.reduce((n, l) => n + l.notification.length, 0)),
        withRange(p((l) => l.notification, 50)),
        withRange(p((l) => l.notification, 99)),
        withRange(p((l) => l.badge, 50)),
        withRange(p((l) => l.badge, 99)),
        num(results.reduce((n, l) => n + l.missing, 0))
      ]
    }
    out.tables.push({
      title: `Commit in the second copy → seen by the first (${rate} writes/s, likes and comments in turn, on user1's posts)`,
      columns: ['first copy\'s watcher', 'writes', 'notification p50', 'notification p99', 'badge p50', 'badge p99', 'not seen'],
      rows: [row(`every ${shippedInterval} ms (shipped), ${runs} run${runs > 1 ? 's' : ''} of ${seconds} s`, shipped), row('every 50 ms (comparison only)', [faster])],
      note: 'Latency from the moment the second process\'s write transaction has committed to the moment the first copy\'s recording desktop double records the native notification / the new badge count (wall clock in both processes).'
    })
    const p99 = spread(shipped.map((l) => percentile(l.notification, 99)))
    const badge99 = spread(shipped.map((l) => percentile(l.badge, 99)))
    const worst = Math.max(p99.median, badge99.median)
    out.goals.push({
      name: 'like/comment in another copy → notification and badge, p99',
      target: '≤ 1 s',
      actual: `notification ${ms(p99.median)}, badge ${ms(badge99.median)}`,
      met: worst <= 1000 && shipped.every((l) => l.missing === 0)
    })
    const p50 = spread(shipped.map((l) => percentile(l.notification, 50)))
    out.notes.push(
      `What sets the floor: another process's commit reaches this copy only when its change watcher next polls \`PRAGMA data_version\` — every ${shippedInterval} ms (src/main/core/change-watcher.ts). A commit lands at a random point of that interval, so the wait is spread evenly over 0–${shippedInterval} ms: about ${shippedInterval / 2} ms at the median and up to ${shippedInterval} ms at the tail, plus the work after it (reading the change log, the alert rows, the badge count, the notification). Measured: p50 ${ms(p50.median)}, p99 ${ms(p99.median)}. With a 50 ms poll (not shipped) both shrink by about the difference in interval, which is what shows the poll is the floor; the shipped 150 ms keeps an idle app's wake-ups at under 7 a second and is well inside the 1 s goal.`
    )
    return out
  }
}
