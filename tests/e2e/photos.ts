import sharp from 'sharp'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'magpie-photos-'))

/** A landscape-like JPEG made on the spot (sky, sun, hills), so tests carry no binary fixtures. */
export async function makePhoto(name: string, options: { width?: number; height?: number; hue?: number } = {}): Promise<string> {
  const { width = 1600, height = 1067, hue = 205 } = options
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="hsl(${hue} 70% 62%)"/><stop offset="1" stop-color="hsl(${hue + 30} 80% 88%)"/>
      </linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.11}" fill="hsl(45 95% 70%)"/>
    <path d="M0 ${height * 0.7} Q ${width * 0.25} ${height * 0.5} ${width * 0.5} ${height * 0.68} T ${width} ${height * 0.62} V ${height} H 0 Z" fill="hsl(${hue - 80} 35% 38%)"/>
    <path d="M0 ${height * 0.82} Q ${width * 0.3} ${height * 0.7} ${width * 0.6} ${height * 0.84} T ${width} ${height * 0.8} V ${height} H 0 Z" fill="hsl(${hue - 90} 40% 26%)"/>
  </svg>`
  const file = join(dir, `${name}.jpg`)
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file)
  return file
}
