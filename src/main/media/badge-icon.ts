import { decodePng, encodePng, type Rgba } from './png'

/**
 * Digits drawn as strokes on a 4×6 grid, so the badge needs no font: the same number looks
 * the same on every OS, with or without fonts installed. Each is a list of polylines (x, y pairs).
 */
const digitStrokes: Record<string, number[][]> = {
  '0': [[0, 0, 4, 0, 4, 6, 0, 6, 0, 0]],
  '1': [[1, 1, 2, 0, 2, 6], [1, 6, 3, 6]],
  '2': [[0, 0, 4, 0, 4, 3, 0, 3, 0, 6, 4, 6]],
  '3': [[0, 0, 4, 0, 4, 6, 0, 6], [0, 3, 4, 3]],
  '4': [[0, 0, 0, 3, 4, 3], [4, 0, 4, 6]],
  '5': [[4, 0, 0, 0, 0, 3, 4, 3, 4, 6, 0, 6]],
  '6': [[4, 0, 0, 0, 0, 6, 4, 6, 4, 3, 0, 3]],
  '7': [[0, 0, 4, 0, 4, 6]],
  '8': [[0, 0, 4, 0, 4, 6, 0, 6, 0, 0], [0, 3, 4, 3]],
  '9': [[4, 3, 0, 3, 0, 0, 4, 0, 4, 6, 0, 6]],
  '+': [[2, 1.5, 2, 4.5], [0.5, 3, 3.5, 3]]
}

const badgeRed = [0xe5, 0x48, 0x4d] as const
const white = [0xff, 0xff, 0xff] as const
const digitWidth = 4
const digitGap = 1.6
const strokeWidth = 1.25
/** Samples per pixel side: 4×4 coverage gives smooth edges at 16–48 px. */
const subsamples = 4

/** What the badge says: the count, or 99+ when it would not fit. */
export function badgeLabel(count: number): string {
  if (count <= 0) return ''
  return count > 99 ? '99+' : String(count)
}

/**
 * The tray icon with the alert count drawn on it (at 0, the plain icon), as PNG: a red pill at
 * the top right with white stroke digits. Plain TypeScript over RGBA, so main needs no image
 * library for it (docs/decisions/018-image-process.md).
 */
export async function renderBadgeIcon(baseIconPng: Buffer, count: number, size = 32): Promise<Buffer> {
  const icon = resize(decodePng(baseIconPng), size)
  const label = badgeLabel(count)
  if (label) drawBadge(icon, [...label])
  return encodePng(icon)
}

function drawBadge(icon: Rgba, chars: string[]): void {
  const size = icon.width
  const textWidth = chars.length * digitWidth + (chars.length - 1) * digitGap
  const scale = (size * 0.34) / 6
  const height = size * 0.56
  const width = Math.max(height, textWidth * scale + size * 0.24)
  const left = size - width
  const radius = height / 2
  const pill = (x: number, y: number): boolean => distanceToSegment(x, y, left + radius, radius, size - radius, radius) <= radius

  const originX = left + (width - textWidth * scale) / 2
  const originY = (height - 6 * scale) / 2
  const segments: number[][] = []
  chars.forEach((ch, i) => {
    for (const line of digitStrokes[ch] ?? []) {
      const at = (k: number): number[] => [originX + (i * (digitWidth + digitGap) + line[k]!) * scale, originY + line[k + 1]! * scale]
      for (let k = 0; k + 3 < line.length; k += 2) segments.push([...at(k), ...at(k + 2)])
    }
  })
  const half = (strokeWidth * scale) / 2
  const stroke = (x: number, y: number): boolean => segments.some(([x0, y0, x1, y1]) => distanceToSegment(x, y, x0!, y0!, x1!, y1!) <= half)

  for (let py = 0; py < Math.ceil(height); py++) {
    for (let px = Math.max(0, Math.floor(left)); px < size; px++) {
      paint(icon, px, py, badgeRed, coverage(px, py, pill))
      paint(icon, px, py, white, coverage(px, py, stroke))
    }
  }
}

/** The share of a pixel's area inside a shape, sampled on a grid. */
function coverage(px: number, py: number, inside: (x: number, y: number) => boolean): number {
  let hits = 0
  for (let j = 0; j < subsamples; j++) {
    for (let i = 0; i < subsamples; i++) if (inside(px + (i + 0.5) / subsamples, py + (j + 0.5) / subsamples)) hits++
  }
  return hits / (subsamples * subsamples)
}

function distanceToSegment(x: number, y: number, x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0
  const dy = y1 - y0
  const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))
}

/** Source-over of an opaque colour at `alpha`, in straight RGBA. */
function paint(image: Rgba, x: number, y: number, colour: readonly number[], alpha: number): void {
  if (alpha === 0) return
  const o = (y * image.width + x) * 4
  const under = image.data[o + 3]! / 255
  const out = alpha + under * (1 - alpha)
  for (let c = 0; c < 3; c++) image.data[o + c] = Math.round((colour[c]! * alpha + image.data[o + c]! * under * (1 - alpha)) / out)
  image.data[o + 3] = Math.round(out * 255)
}

/** Area-averaged resampling to size × size, in premultiplied alpha so transparent edges do not darken. */
function resize(source: Rgba, size: number): Rgba {
  if (source.width === size && source.height === size) return { ...source, data: Uint8Array.from(source.data) }
  const data = new Uint8Array(size * size * 4)
  const sx = source.width / size
  const sy = source.height / size
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0]
      let area = 0
      for (let v = Math.floor(y * sy); v < Math.min(source.height, Math.ceil((y + 1) * sy)); v++) {
        const h = Math.min(v + 1, (y + 1) * sy) - Math.max(v, y * sy)
        for (let u = Math.floor(x * sx); u < Math.min(source.width, Math.ceil((x + 1) * sx)); u++) {
          const w = (Math.min(u + 1, (x + 1) * sx) - Math.max(u, x * sx)) * h
          const o = (v * source.width + u) * 4
          const a = source.data[o + 3]! / 255
          for (let c = 0; c < 3; c++) sum[c]! += source.data[o + c]! * a * w
          sum[3]! += a * w
          area += w
        }
      }
      const o = (y * size + x) * 4
      const alpha = sum[3]! / area
      for (let c = 0; c < 3; c++) data[o + c] = alpha > 0 ? Math.round(sum[c]! / sum[3]!) : 0
      data[o + 3] = Math.round(alpha * 255)
    }
  }
  return { width: size, height: size, data }
}
