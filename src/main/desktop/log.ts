import log from 'electron-log/node'
import { join } from 'node:path'

/** Big enough for weeks of warnings, small enough to attach to a bug report; the previous file is kept as main.old.log. */
export const logMaxBytes = 1024 * 1024

export function logFile(userDataDir: string): string {
  return join(userDataDir, 'logs', 'main.log')
}

/**
 * Main's warnings and errors — console.warn/console.error anywhere in main, uncaught
 * exceptions and unhandled rejections — go to a rotating file in the user data folder as
 * well as to the console. electron-log's Node build is used on purpose: its Electron build
 * opens an IPC channel any page could write through. The browser harness never calls
 * this: it logs to the console only.
 */
export function startMainLog(userDataDir: string) {
  const file = logFile(userDataDir)
  log.transports.file.resolvePathFn = () => file
  log.transports.file.maxSize = logMaxBytes
  log.transports.file.level = 'warn'
  log.transports.console.level = 'silly'
  const original = { warn: console.warn, error: console.error }
  console.warn = log.warn.bind(log)
  console.error = log.error.bind(log)
  // Logged, not shown: Electron's own dialog for an uncaught exception would carry a stack trace.
  log.errorHandler.startCatching({ showDialog: false })
  return {
    file,
    log,
    stop(): void {
      log.errorHandler.stopCatching()
      console.warn = original.warn
      console.error = original.error
    }
  }
}
