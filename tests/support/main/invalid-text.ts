import type Database from 'better-sqlite3'
import { databaseOf } from '../../../src/main/store/handle'
import type { Store } from '../../../src/main/store'

const strict = new TextDecoder('utf-8', { fatal: true })

/** Every text value of every table, as the bytes SQLite keeps, that is not valid UTF-8 (as table.column). */
export function invalidText(store: Store): string[] {
  const db: Database.Database = databaseOf(store)
  const found: string[] = []
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]
  for (const table of tables) {
    const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name)
    for (const column of columns) {
      const rows = db.prepare(`SELECT CAST("${column}" AS BLOB) FROM "${table}" WHERE typeof("${column}") = 'text'`).pluck().all() as Buffer[]
      for (const bytes of rows) {
        try {
          strict.decode(bytes)
        } catch {
          found.push(`${table}.${column}`)
        }
      }
    }
  }
  return found
}
