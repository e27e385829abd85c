import { createStore } from '../../../src/main/store'
import { backupPolicy } from '../../../src/main/store/backups'
import { databaseOf } from '../../../src/main/store/handle'

/**
 * A Magpie process in the middle of a daily backup, for the kill -9 test:
 *
 *   node --import tsx tests/support/main/backup-child.ts <store file>
 *
 * Copies one page per step and prints "copying" once the temporary file is being written,
 * so the test can kill it mid-backup.
 */
const [file] = process.argv.slice(2)
if (!file) throw new Error('usage: backup-child <store file>')
backupPolicy.pagesPerStep = 1
const store = createStore(file, { synchronous: 'NORMAL' })
let told = false
const step = databaseOf(store).backup.bind(databaseOf(store))
databaseOf(store).backup = (destination, options) =>
  step(destination, {
    progress: (info) => {
      if (!told) console.log('copying')
      told = true
      return options?.progress?.(info) ?? 1
    }
  })
void store.backupIfDue(Date.now() + backupPolicy.intervalMs * 10).then(() => console.log('finished'))
