import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * PRAGMA quick_check on its own read-only connection in a worker thread: it reads every page
 * (about 3.3 s for a 100k-post, 570 MB store on the 2-core test machine), which main's
 * event loop must not wait for. WAL lets it read while the app writes. Resolves to SQLite's
 * answer ('ok' when sound).
 */
export function quickCheckInWorker(file: string, nativeBinding?: string): Promise<string> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads')
    const Database = require(workerData.module)
    const db = new Database(workerData.file, { readonly: true, fileMustExist: true, nativeBinding: workerData.nativeBinding })
    try {
      parentPort.postMessage(String(db.pragma('quick_check(1)', { simple: true })))
    } catch (error) {
      parentPort.postMessage(String(error && error.code ? error.code + ': ' + error.message : error))
    } finally {
      db.close()
    }
  `
  const module = createRequire(import.meta.url).resolve('better-sqlite3')
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { file, nativeBinding, module } })
    worker.once('message', (result: string) => resolve(result))
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`quick check worker exited (${code})`)))
  })
}
