import yauzl from 'yauzl'

/** A ZIP's entries as written (name → bytes), read by a library other than the one that wrote it. */
export function readZip(path: string): Promise<Map<string, { bytes: Buffer; stored: boolean }>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      const entries = new Map<string, { bytes: Buffer; stored: boolean }>()
      zip.on('error', reject)
      zip.on('end', () => resolve(entries))
      zip.on('entry', (entry: { fileName: string; compressionMethod: number }) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            entries.set(entry.fileName, { bytes: Buffer.concat(chunks), stored: entry.compressionMethod === 0 })
            zip.readEntry()
          })
        })
      })
      zip.readEntry()
    })
  })
}
