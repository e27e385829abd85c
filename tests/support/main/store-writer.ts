import { createInterface } from 'node:readline'
import { openWriterServices } from './writer-services'

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

const { store, likes, comments } = openWriterServices(dataDir, { synchronous: 'NORMAL' })

console.log('ready')
const lines = createInterface({ input: process.stdin })
lines.once('line', async () => {
  lines.close()
  if (command.action === 'like') {
    for (const userId of command.userIds) await likes.set(userId, command.postId, true)
  } else {
    await comments.add(command.userId, command.postId, command.text)
  }
  store.close()
  console.log('done')
})
