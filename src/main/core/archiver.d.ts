/** archiver ships no types; this is the part Magpie uses (its README's API, version 7). */
declare module 'archiver' {
  import type { Readable, Writable } from 'node:stream'
  interface EntryData {
    name: string
    date?: Date
    /** Stored without compression (photos are compressed already). */
    store?: boolean
  }
  interface Archiver extends Readable {
    pipe<T extends Writable>(destination: T): T
    append(source: Readable | Buffer | string, data: EntryData): this
    finalize(): Promise<void>
    abort(): this
    on(event: 'error' | 'warning', listener: (error: Error) => void): this
    on(event: 'entry', listener: (entry: EntryData) => void): this
    on(event: string, listener: (...args: unknown[]) => void): this
  }
  function archiver(format: 'zip', options?: { zlib?: { level?: number } }): Archiver
  export default archiver
}
