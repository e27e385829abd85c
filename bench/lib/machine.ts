import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import Database from 'better-sqlite3'

export interface Machine {
  cpu: string
  cores: number
  ramGiB: number
  os: string
  node: string
  sqlite: string
  chromium: string
  date: string
  commit: string
  loadAtStart: string
}

const quiet = (command: string, args: string[]): string => {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return ''
  }
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The commit measured, marked -dirty when the working tree differs from it. */
export function gitCommit(root: string): string {
  const head = quiet('git', ['-C', root, 'rev-parse', '--short', 'HEAD']) || 'unknown'
  const dirty = quiet('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no']) !== ''
  return dirty ? `${head}-dirty` : head
}

function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1]
    if (pretty) return `${pretty} (${os.type()} ${os.release()})`
  } catch {
    // not Linux
  }
  return `${os.type()} ${os.release()}`
}

export function describeMachine(root: string): Machine {
  const db = new Database(':memory:')
  const sqlite = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v
  db.close()
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    ramGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: osName(),
    node: process.version,
    sqlite,
    chromium: quiet(chromiumPath, ['--version']) || 'not found',
    date: new Date().toISOString(),
    commit: gitCommit(root),
    loadAtStart: os.loadavg().map((l) => l.toFixed(2)).join(', ')
  }
}
