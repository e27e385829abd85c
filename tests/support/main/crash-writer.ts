import { writeSync } from 'node:fs'
import type { SynchronousMode } from '../../../src/main/store/database'
import { databaseOf } from '../../../src/main/store/handle'
import { openWriterServices } from './writer-services'

/**
 * A Magpie process writing likes and comments to its store as fast as it can, until it
 * is killed (crash-safety.test.ts sends SIGKILL at a moment of its choosing):
 *
 *   node --import tsx tests/support/main/crash-writer.ts <dataDir> <shipped|NORMAL|FULL> '<plan json>'
 *
 * "shipped" opens the store exactly as the app does (openDatabase's own synchronous
 * default). Every write goes through the real services, one transaction each. Lines on
 * stdout, each written synchronously (so a line on the pipe means the call had returned):
 *
 *   ready <PRAGMA synchronous> <journal_mode>
 *   try like|unlike <postId> <userId>     before a like call (it may or may not commit if killed now)
 *   ok like|unlike <postId> <userId>      the call returned success: it has committed
 *   try comment <postId> <userId>
 *   ok comment <commentId> <postId>
 */
export interface CrashPlan {
  userIds: string[]
  postIds: string[]
  /** Stops by itself after this long, should nobody kill it. */
  maxMs: number
}

const [dataDir, mode, json] = process.argv.slice(2)
if (!dataDir || !mode || !json) throw new Error('usage: crash-writer <dataDir> <shipped|NORMAL|FULL> <plan json>')
const plan = JSON.parse(json) as CrashPlan

const { store, likes, comments } = openWriterServices(dataDir, mode === 'shipped' ? {} : { synchronous: mode as SynchronousMode })

/** To the pipe, synchronously: when writeSync returns the line is the parent's to read. */
const say = (line: string) => writeSync(1, line + '\n')
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!

say(`ready ${databaseOf(store).pragma('synchronous', { simple: true })} ${databaseOf(store).pragma('journal_mode', { simple: true })}`)
const deadline = Date.now() + plan.maxMs
let n = 0
while (Date.now() < deadline) {
  const postId = pick(plan.postIds)
  const userId = pick(plan.userIds)
  if (++n % 3 === 0) {
    say(`try comment ${postId} ${userId}`)
    const comment = await comments.add(userId, postId, `충돌 시험 댓글 ${n}`)
    say(`ok comment ${comment.id} ${postId}`)
  } else {
    // A toggle, so every call really writes: a like, or an unlike (which also takes back its alert).
    const op = store.likes.has(postId, userId) ? 'unlike' : 'like'
    say(`try ${op} ${postId} ${userId}`)
    await likes.set(userId, postId, op === 'like')
    say(`ok ${op} ${postId} ${userId}`)
  }
}
store.close()
say('finished')
