// Another running copy of Magpie writing to the same store at a steady rate: likes and
// comments through the real services, synchronous=FULL as shipped. Started by the alerts
// scenario as its own process:
//
//   node --import tsx bench/lib/alert-writer.ts <dataDir> <writes json file> <writes per second>
//
// Prints "ready" once the store is open, starts on a line on stdin, prints one line
// {"i":n,"t":ms} as each write has committed (t: wall clock, comparable across processes),
// then "done".
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { createLocalComments } from '../../src/main/backends/local/comments'
import type { ServiceContext } from '../../src/main/core/context'
import { createLocalLikes } from '../../src/main/backends/local/likes'
import { createViews } from '../../src/main/core/mappers'
import { createStore } from '../../src/main/store'

export interface PlannedWrite {
  kind: 'like' | 'comment'
  postId: string
  userId: string
}

const [dataDir, planFile, rateText] = process.argv.slice(2)
if (!dataDir || !planFile || !rateText) throw new Error('usage: alert-writer <dataDir> <writes json> <per second>')
const writes = JSON.parse(readFileSync(planFile, 'utf8')) as PlannedWrite[]
const interval = 1000 / Number(rateText)

const store = createStore(join(dataDir, 'magpie.db'), { synchronous: 'FULL' })
const ctx: ServiceContext = {
  store,
  imagesDir: join(dataDir, 'images'),
  mediaUrl: (file) => `/media/${file}`,
  now: Date.now,
  newId: randomUUID,
  scrypt: { N: 1024, r: 8, p: 1 }
}
const views = createViews(ctx.mediaUrl, (id) => ctx.store.users.identity(id))
const likes = createLocalLikes(ctx, views)
const comments = createLocalComments(ctx, views)

console.log('ready')
const lines = createInterface({ input: process.stdin })
lines.once('line', () => {
  lines.close()
  void (async () => {
    // A steady rate, each write at a random moment of its own slot, so writes never fall
    // into step with the other copy's poll and every phase of its interval is sampled.
    const start = performance.now()
    for (const [i, write] of writes.entries()) {
      const wait = start + (i + Math.random()) * interval - performance.now()
      if (wait > 0) await sleep(wait)
      if (write.kind === 'like') await likes.set(write.userId, write.postId, true)
      else await comments.add(write.userId, write.postId, `벤치마크 댓글 ${i}`)
      console.log(JSON.stringify({ i, t: performance.timeOrigin + performance.now() }))
    }
    store.close()
    console.log('done')
  })()
})
