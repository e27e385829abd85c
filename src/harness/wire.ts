/**
 * The harness's WebSocket frames are JSON; image bytes travel as base64 under a
 * "$bytes" key so the same Uint8Array reaches main as over Electron's IPC.
 */
export function encodeWire(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Uint8Array) return { $bytes: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') }
    return v
  })
}

export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const bytes = (v as { $bytes?: unknown }).$bytes
      if (typeof bytes === 'string' && Object.keys(v).length === 1) return new Uint8Array(Buffer.from(bytes, 'base64'))
    }
    return v
  })
}
