// The real core thread (src/main/worker/core-entry.ts) with ways to crash it that a test asks for
// through dispatch's channel: 'test:throw' (an uncaught error) and 'test:exit' (process.exit);
// 'test:fetch' makes a request from the core thread, as Firebase's would be.
// Its own listener is added before the core's, so the crash comes before the core sees the call.
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

parentPort.on('message', (message) => {
  if (message.type !== 'call' || message.method !== 'dispatch') return
  if (message.args[0] === 'test:throw') throw new Error('the core thread failed on purpose')
  if (message.args[0] === 'test:exit') process.exit(7)
  if (message.args[0] === 'test:fetch') void fetch(message.args[1]).catch(() => {})
})
register()
await import('../../src/main/worker/core-entry.ts')
