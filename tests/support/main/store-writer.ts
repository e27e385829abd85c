import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { createLocalComments } from '../../../src/main/backends/local/comments'
import type { ServiceContext } from '../../../src/main/core/context'
import { createLocalLikes } from '../../../src/main/backends/local/likes'
import { createViews } from '../../../src/main/core/mappers'
import { createStore } from '../../../src/main/store'

/**
 * Another process writing to a Magpie store, as a second running copy of the app does,
 * through the same store and services:
 *
 *   node --import tsx tests/support/main/store-writer.ts <dataDir> '<command json>'
 *
 * It prints "ready" once the store is open and waits for a line on stdin before writing,
 * so a test can start several writers and release them at the same moment. It prints
 * "done" when its writes have committed.
 */
export type WriterCommand =
  | { action: 'like'; postId: string; userIds: string[] }
  | { action: 'comment'; postId: string; userId: string; text: string }

const [dataDir, json] = process.argv.slice(2)
if (!dataDir || !json) throw new Error('usage: store-writer <dataDir> <command json>')
const command = JSON.parse(json) as WriterCommand

const store = createStore(join(dataDir, 'magpie.db'), { synchronous: 'NORMAL' })
const ctx: ServiceContext = {
  store,
  imagesDir: join(dataDir, 'images'),
  mediaUrl: (file) => '/media/' + file,
  now: Date.now,
  newId: randomUUID,
  scrypt: { N: 1024, r: 8, p: 1 }
}

console.log('ready')
const lines = createInterface({ input: process.stdin })
lines.once('line', async () => {
  lines.close()
  if (command.action === 'like') {
    const likes = createLocalLikes(ctx)
    for (const userId of command.userIds) await likes.set(userId, command.postId, true)
  } else {
    await createLocalComments(ctx, createViews(ctx.mediaUrl)).add(command.userId, command.postId, command.text)
  }
  store.close()
  console.log('done')
})
