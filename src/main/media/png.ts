import { crc32, deflateSync, inflateSync } from 'node:zlib'

/** Straight (not premultiplied) RGBA, 8 bits a channel, rows top to bottom. */
export interface Rgba {
  width: number
  height: number
  data: Uint8Array
}

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const channelsOf: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

/**
 * A PNG of Magpie's own (the tray icon, never an upload) to RGBA: every colour type and bit
 * depth, without interlacing. Small on purpose: image decoding of untrusted bytes is the worker's.
 */
export function decodePng(png: Buffer): Rgba {
  if (!png.subarray(0, 8).equals(signature)) throw new Error('not a PNG')
  let header: Buffer | null = null
  let palette: Buffer | null = null
  let transparency: Buffer | null = null
  const data: Buffer[] = []
  for (let at = 8; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const body = png.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') header = body
    else if (type === 'PLTE') palette = body
    else if (type === 'tRNS') transparency = body
    else if (type === 'IDAT') data.push(body)
    at += 12 + length
  }
  if (!header) throw new Error('PNG without IHDR')
  const width = header.readUInt32BE(0)
  const height = header.readUInt32BE(4)
  const [depth, colourType, , , interlace] = header.subarray(8, 13)
  const channels = channelsOf[colourType!]
  if (!channels || interlace !== 0) throw new Error('unsupported PNG')
  const bitsPerPixel = channels * depth!
  const stride = Math.ceil((width * bitsPerPixel) / 8)
  const rows = unfilter(inflateSync(Buffer.concat(data)), stride, height, Math.max(1, bitsPerPixel >> 3))

  const max = (1 << Math.min(depth!, 8)) - 1
  const sample = (row: number, index: number): number => {
    const base = row * stride
    if (depth === 16) return rows[base + index * 2]!
    if (depth === 8) return rows[base + index]!
    const bit = index * depth!
    return (rows[base + (bit >> 3)]! >> (8 - depth! - (bit & 7))) & max
  }
  const out = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = (c: number): number => sample(y, x * channels + c)
      const o = (y * width + x) * 4
      if (colourType === 3) {
        const i = s(0)
        out.set([palette![i * 3]!, palette![i * 3 + 1]!, palette![i * 3 + 2]!, transparency?.[i] ?? 255], o)
      } else {
        const scale = (v: number): number => Math.round((v * 255) / (depth === 16 ? 255 : max))
        const rgb = channels >= 3 ? [s(0), s(1), s(2)] : [s(0), s(0), s(0)]
        const alpha = channels === 4 ? s(3) : channels === 2 ? s(1) : max
        out.set([...rgb.map(scale), scale(alpha)], o)
      }
    }
  }
  return { width, height, data: out }
}

/** Undoes the per-row filters (PNG spec §9: None, Sub, Up, Average, Paeth). */
function unfilter(raw: Buffer, stride: number, height: number, bpp: number): Uint8Array {
  const rows = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    const at = y * stride
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? rows[at + x - bpp]! : 0
      const up = y > 0 ? rows[at - stride + x]! : 0
      const upLeft = y > 0 && x >= bpp ? rows[at - stride + x - bpp]! : 0
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter!]
      if (predictor === undefined) throw new Error('bad PNG filter')
      rows[at + x] = (line[x]! + predictor) & 0xff
    }
  }
  return rows
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** RGBA to an 8-bit RGBA PNG (no filters: icons are tiny). */
export function encodePng(image: Rgba): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(image.width, 0)
  header.writeUInt32BE(image.height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const stride = image.width * 4
  const raw = Buffer.alloc((stride + 1) * image.height)
  for (let y = 0; y < image.height; y++) raw.set(image.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])))
  return Buffer.concat([head, body, crc])
}
