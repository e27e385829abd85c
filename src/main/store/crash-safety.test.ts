import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CrashPlan } from '../../../tests/support/main/crash-writer'
import { cleanupTestApps, createPost, signUp, startApp, tempDir } from '../../../tests/support/main/test-app'
import { openDatabase, type Db } from './database'

/**
 * A Magpie process killed with SIGKILL in the middle of writing (a crash, a task-manager
 * kill) loses nothing it had acknowledged and leaves a sound database: every like and
 * comment whose call returned is there, the counters agree with the rows, the alerts
 * with the likes and comments, and SQLite's own checks pass. Run with the synchronous
 * setting the app ships, and with NORMAL, to record that WAL keeps the guarantee for a
 * process crash either way (power loss is what only FULL covers) and what each costs.
 */

afterEach(cleanupTestApps)

const writerScript = fileURLToPath(new URL('../../../tests/support/main/crash-writer.ts', import.meta.url))
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url))
const syncNames = ['OFF', 'NORMAL', 'FULL', 'EXTRA']

/**
 * Each round kills after this many acknowledged writes (plus a little jitter), or at the
 * round's time limit, whichever comes first: early kills at different points, then one
 * left to run to the limit that also gives a steady write rate to compare.
 */
const killAfter = [100, 250, 500, Number.POSITIVE_INFINITY]
const earlyRoundMs = 800
const maxRoundMs = 1500

interface Round {
  acked: number
  ms: number
  rate: number
  inFlight: string | null
}
const measured: Record<string, { synchronous: string; rounds: Round[] }> = {}

interface Seeded {
  dataDir: string
  file: string
  userIds: string[]
  postIds: string[]
}

/** Accounts and posts made the app's way, through dispatch and the services. */
async function seed(): Promise<Seeded> {
  const app = await startApp()
  const userIds: string[] = []
  const postIds: string[] = []
  for (const name of ['kim', 'lee', 'park', 'choi', 'jung', 'kang']) {
    userIds.push((await signUp(app, name)).user.id)
    if (postIds.length < 4) postIds.push((await createPost(app, `${name}의 글`)).id)
  }
  app.close()
  return { dataDir: app.dataDir, file: join(app.dataDir, 'magpie.db'), userIds, postIds }
}

interface ChildRun {
  lines: string[]
  ready: string
  ms: number
  signal: NodeJS.Signals | null
  stderr: string
}

/** Starts a crash-writer and kills it with SIGKILL after `killAt` acknowledged writes or limitMs. */
function runUntilKilled(seeded: Seeded, mode: string, killAt: number, limitMs: number): Promise<ChildRun> {
  const plan: CrashPlan = { userIds: seeded.userIds, postIds: seeded.postIds, maxMs: 20_000 }
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, seeded.dataDir, mode, JSON.stringify(plan)], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  return new Promise((resolve, reject) => {
    let buffer = ''
    let stderr = ''
    let ready = ''
    let readyAt = 0
    let killedAt = 0
    let acked = 0
    const lines: string[] = []
    const kill = () => {
      if (killedAt) return
      killedAt = performance.now()
      child.kill('SIGKILL')
    }
    const timer = setTimeout(kill, 15_000) // should the child never even get ready
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const parts = buffer.split('\n')
      buffer = parts.pop()! // a line not yet ended was not yet acknowledged
      for (const line of parts) {
        if (line.startsWith('ready ')) {
          ready = line
          readyAt = performance.now()
          setTimeout(kill, limitMs)
          continue
        }
        lines.push(line)
        // A moment later, so the kill lands anywhere in a call, not just after an answer was read.
        if (line.startsWith('ok ') && ++acked === killAt) setTimeout(kill, Math.random() * 4)
      }
    })
    child.on('error', reject)
    child.on('close', (_code, signal) => {
      clearTimeout(timer)
      resolve({ lines, ready, ms: (killedAt || performance.now()) - readyAt, signal, stderr })
    })
  })
}

const key = (postId: string, userId: string) => `${postId} ${userId}`
const all = <T>(db: Db, sql: string) => db.prepare(sql).all() as T[]

/** The store as it is on disk: likes, comments, and whether counters, alerts and SQLite agree. */
function inspect(file: string) {
  const db = openDatabase(file)
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      foreignKeyProblems: db.pragma('foreign_key_check'),
      likes: new Set(all<{ post_id: string; user_id: string }>(db, 'SELECT post_id, user_id FROM likes').map((r) => key(r.post_id, r.user_id))),
      comments: new Set(all<{ id: string }>(db, 'SELECT id FROM comments').map((r) => r.id)),
      counterDrift: all(
        db,
        `SELECT id, like_count, comment_count,
                (SELECT count(*) FROM likes WHERE post_id = p.id) AS likes,
                (SELECT count(*) FROM comments WHERE post_id = p.id) AS comments
           FROM posts p
          WHERE like_count != (SELECT count(*) FROM likes WHERE post_id = p.id)
             OR comment_count != (SELECT count(*) FROM comments WHERE post_id = p.id)`
      ),
      // One like alert to the author per like by someone else, and none without its like.
      likeAlertDrift: all(
        db,
        `SELECT 'missing' AS problem, l.post_id, l.user_id FROM likes l JOIN posts p ON p.id = l.post_id
          WHERE l.user_id != p.author_id
            AND NOT EXISTS (SELECT 1 FROM alerts a WHERE a.type = 'like' AND a.post_id = l.post_id AND a.actor_id = l.user_id AND a.user_id = p.author_id)
         UNION ALL
         SELECT 'orphan', a.post_id, a.actor_id FROM alerts a
          WHERE a.type = 'like' AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.post_id = a.post_id AND l.user_id = a.actor_id)`
      ),
      // One comment alert to the author per comment by someone else.
      commentAlertDrift: all(
        db,
        `SELECT c.id FROM comments c JOIN posts p ON p.id = c.post_id
          WHERE (c.author_id != p.author_id) !=
                (SELECT count(*) FROM alerts a WHERE a.type = 'comment' AND a.comment_id = c.id AND a.user_id = p.author_id AND a.actor_id = c.author_id)`
      )
    }
  } finally {
    db.close()
  }
}

async function crashRounds(mode: 'shipped' | 'NORMAL'): Promise<void> {
  const seeded = await seed()
  let state = inspect(seeded.file)
  expect(state.likes.size).toBe(0)
  const ackedComments = new Set<string>()
  const rounds: Round[] = []
  let synchronous = ''

  for (const base of killAfter) {
    const run = await runUntilKilled(seeded, mode, base + Math.floor(Math.random() * 40), Number.isFinite(base) ? earlyRoundMs : maxRoundMs)
    expect(run.stderr).toBe('')
    expect(run.ready, 'the writer never opened the store').toMatch(/^ready \d wal$/)
    synchronous = syncNames[Number(run.ready.split(' ')[1])]!
    // It was killed while writing, not finished or failed on its own.
    expect(run.signal).toBe('SIGKILL')
    expect(run.lines).not.toContain('finished')

    // What the writer was told had committed, in order; and the one call it was in the middle of.
    const likes = new Set(state.likes)
    let acked = 0
    let inFlight: string[] | null = null
    for (const line of run.lines) {
      const [word, op, a, b] = line.split(' ') as [string, string, string, string]
      if (word === 'try') {
        inFlight = [op, a, b]
        continue
      }
      expect(word).toBe('ok')
      acked++
      inFlight = null
      if (op === 'like') likes.add(key(a, b))
      else if (op === 'unlike') likes.delete(key(a, b))
      else ackedComments.add(a)
    }
    expect(acked).toBeGreaterThanOrEqual(Math.min(base, 20))

    const after = inspect(seeded.file)
    expect(after.integrity).toBe('ok')
    expect(after.foreignKeyProblems).toEqual([])
    expect(after.counterDrift).toEqual([])
    expect(after.likeAlertDrift).toEqual([])
    expect(after.commentAlertDrift).toEqual([])

    // Every acknowledged like and unlike is there; the call cut short may have landed or not.
    const uncertain = inFlight && inFlight[0] !== 'comment' ? key(inFlight[1]!, inFlight[2]!) : null
    const settled = (set: Set<string>) => [...set].filter((k) => k !== uncertain).sort()
    expect(settled(after.likes)).toEqual(settled(likes))
    // Every acknowledged comment is there, and at most the one cut short besides.
    const missing = [...ackedComments].filter((id) => !after.comments.has(id))
    expect(missing).toEqual([])
    const extra = after.comments.size - ackedComments.size
    expect(extra).toBeGreaterThanOrEqual(0)
    expect(extra).toBeLessThanOrEqual(inFlight?.[0] === 'comment' ? 1 : 0)
    for (const id of after.comments) if (!ackedComments.has(id)) ackedComments.add(id) // it landed: part of the store now

    rounds.push({ acked, ms: Math.round(run.ms), rate: Math.round((acked * 1000) / run.ms), inFlight: inFlight?.[0] ?? null })
    state = after
  }

  measured[mode] = { synchronous, rounds }
  console.log(
    `[crash-safety] ${mode} (synchronous=${synchronous}): ${rounds.at(-1)!.rate} acknowledged writes/s over ${rounds.at(-1)!.ms} ms ` +
      `(rounds: ${rounds.map((r) => `${r.acked} in ${r.ms} ms, killed ${r.inFlight ? `mid-${r.inFlight}` : 'between calls'}`).join('; ')})`
  )
}

describe('a Magpie process killed with SIGKILL while writing', () => {
  it('with the shipped synchronous setting: loses no acknowledged like or comment, and leaves a sound store', async () => {
    // The setting the app ships is openDatabase's own default, whatever it is.
    const probe = openDatabase(join(await tempDir(), 'probe.db'))
    const shipped = syncNames[probe.pragma('synchronous', { simple: true }) as number]!
    probe.close()
    await crashRounds('shipped')
    expect(measured.shipped?.synchronous).toBe(shipped)
  }, 25_000)

  it('with synchronous NORMAL: the same guarantee holds for a process crash (WAL; only power loss needs FULL)', async () => {
    await crashRounds('NORMAL')
    expect(measured.NORMAL?.synchronous).toBe('NORMAL')
  }, 25_000)
})

afterAll(() => {
  if (Object.keys(measured).length > 0) console.log('[crash-safety] measured', JSON.stringify(measured))
})
