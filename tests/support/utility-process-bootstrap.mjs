// The electron double's utility process (electron-double-utility-process.ts): in a Node child,
// gives the module Electron's `process.parentPort` (electron.d.ts, ParentPort), then loads it.
//   node utility-process-bootstrap.mjs <module> [args...]
import { EventEmitter } from 'node:events'
import { pathToFileURL } from 'node:url'

const send = process.send.bind(process)
const parentPort = new EventEmitter()
// ParentPort 'message': "Messages received on this port will be queued up until a handler is registered."
const queued = []
process.on('message', (data) => {
  const event = { data, ports: [] }
  if (parentPort.listenerCount('message') > 0) parentPort.emit('message', event)
  else queued.push(event)
})
parentPort.on('newListener', (name) => {
  if (name === 'message') queueMicrotask(() => queued.splice(0).forEach((event) => parentPort.emit('message', event)))
})
// ParentPort.postMessage: "Sends a message from the process to its parent."
parentPort.postMessage = (message) => send(message)
process.parentPort = parentPort
// A utility process has no child_process IPC of its own: the module sees only parentPort.
delete process.send
// The args after the module, as in Electron: process.argv[2] onwards.
const [modulePath, ...args] = process.argv.slice(2)
process.argv = [process.argv[0], modulePath, ...args]
// Electron ends utility processes with their app: the double ends with its parent.
process.on('disconnect', () => process.exit(0))
await import(pathToFileURL(modulePath).href)
