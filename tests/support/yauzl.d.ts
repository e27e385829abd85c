/** yauzl ships no types; the part tests/support/zip.ts uses (its README's API, version 2). */
declare module 'yauzl' {
  import type { EventEmitter } from 'node:events'
  import type { Readable } from 'node:stream'
  interface Entry {
    fileName: string
    compressionMethod: number
  }
  interface ZipFile extends EventEmitter {
    readEntry(): void
    openReadStream(entry: Entry, callback: (error: Error | null, stream: Readable) => void): void
    close(): void
  }
  const yauzl: { open(path: string, options: { lazyEntries: boolean }, callback: (error: Error | null, zip: ZipFile) => void): void }
  export default yauzl
}
