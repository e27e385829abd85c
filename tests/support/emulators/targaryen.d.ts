// The part of targaryen@3's API (README "API") the Realtime Database rules tests use; it ships no types.
declare module 'targaryen' {
  interface DataNode {
    $child(path: string): DataNode
    $value(): unknown
  }
  interface Database {
    root: DataNode
    as(auth: object | null): Database
    with(options: { debug?: boolean; now?: number; auth?: object | null }): Database
    read(path: string): Result
    write(path: string, value: unknown): Result
    update(path: string, patch: Record<string, unknown>): Result
  }
  interface Result {
    allowed: boolean
    /** Every rule evaluated and its outcome (with debug: true). */
    info: string
    newDatabase: Database
  }
  const targaryen: { database(rules: object, data?: unknown, now?: number | null): Database }
  export default targaryen
  export type { Database, Result }
}
