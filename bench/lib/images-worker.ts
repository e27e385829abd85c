// The images scenario's measuring process, so its resident memory is the pipeline's alone:
//
//   node --import tsx bench/lib/images-worker.ts <jpeg> <result json> <sequential runs> <concurrent rounds>
//
// Runs the pipeline (every variant and the placeholder, as an upload does) on it in this
// process one at a time, then four at once, sampling resident memory; then as main runs it,
// through the image worker process, one at a time (the process hop's cost); then a panorama.
import { readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { processImage as viaWorker } from '../../src/main/media/image-pipeline'
import { processImage } from '../../src/main/media/image-worker/pipeline'

export interface ImagesWorkerResult {
  jpegBytes: number
  width: number
  height: number
  variants: { width: number; height: number; bytes: number }[]
  sequential: number[]
  /** The same photos through the image worker (main's path), after its start. */
  viaWorker: number[]
  /** The worker's start (a Node child from sources, under tsx) and its first photo. */
  workerFirst: number
  concurrent: { wall: number; each: number[] }[]
  rssBefore: number
  rssPeak: number
  /** The process's peak resident memory (VmHWM), whole life: loading, warm-up, both phases. */
  maxRss: number
  threads: number
  /** A 6000×800 panorama, one at a time: its variants and times (the largest variant's long-side bound). */
  panorama: { jpegBytes: number; variants: { width: number; height: number; bytes: number }[]; sequential: number[] }
}

/**
 * A photo-like 4000×3000 JPEG: a landscape (sky gradient, sun, hills) with fine sensor-like
 * grain, so the encoder has real detail to work on; about the size a phone camera writes.
 */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b7dd8"/><stop offset="1" stop-color="#cfe6f7"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="2900" cy="800" r="330" fill="#ffd66b"/>
    <path d="M0 2100 Q 1000 1500 2000 2040 T 4000 1860 V 3000 H 0 Z" fill="#4f6b3a"/>
    <path d="M0 2460 Q 1200 2100 2400 2520 T 4000 2400 V 3000 H 0 Z" fill="#2f4424"/>
    ${Array.from({ length: 120 }, (_, i) => `<rect x="${(i * 337) % 4000}" y="${2000 + ((i * 211) % 900)}" width="${20 + (i % 7) * 9}" height="${60 + (i % 5) * 40}" fill="hsl(${(i * 37) % 360} 40% ${30 + (i % 4) * 10}%)"/>`).join('')}
  </svg>`
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 22 } } })
    .blur(0.6)
    .png()
    .toBuffer()
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
    .withExif({ IFD0: { Make: 'Magpie', Model: 'Bench camera' } })
    .toBuffer()
}

/** A photo-like 6000×800 panorama (sky, a ridge, houses along it, the same grain), ≈ 4.8 MP. */
export async function panoramaJpeg(): Promise<Buffer> {
  const width = 6000
  const height = 800
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2f6fc0"/><stop offset="1" stop-color="#f3d9b0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <path d="M0 520 Q 900 300 1800 500 T 3600 460 T 6000 420 V 800 H 0 Z" fill="#3d5a2e"/>
    ${Array.from({ length: 160 }, (_, i) => `<rect x="${(i * 373) % 6000}" y="${540 + ((i * 97) % 200)}" width="${14 + (i % 6) * 8}" height="${30 + (i % 4) * 22}" fill="hsl(${(i * 41) % 360} 35% ${35 + (i % 4) * 10}%)"/>`).join('')}
  </svg>`
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 22 } } })
    .blur(0.6)
    .png()
    .toBuffer()
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 90 }).toBuffer()
}

/**
 * This process's peak resident memory (VmHWM). Not getrusage's maxrss: Linux carries that
 * across exec from the process that forked us, so it reports the bench's own size.
 */
function highWaterRss(): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
  return kb ? Number(kb) * 1024 : 0
}

async function main(): Promise<void> {
  const [jpegFile, resultFile, sequentialText, roundsText] = process.argv.slice(2)
  if (!jpegFile || !resultFile) throw new Error('usage: images-worker <jpeg> <result json> <sequential runs> <concurrent rounds>')
  const jpeg = readFileSync(jpegFile)
  const meta = await sharp(jpeg).metadata()
  const first = await processImage(jpeg) // warm-up: loads libvips' codecs
  const sequential: number[] = []
  for (let i = 0; i < Number(sequentialText); i++) {
    const start = performance.now()
    await processImage(jpeg)
    sequential.push(performance.now() - start)
  }

  const rssBefore = process.memoryUsage.rss()
  let rssPeak = rssBefore
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss())
  }, 5)
  const concurrent: ImagesWorkerResult['concurrent'] = []
  for (let r = 0; r < Number(roundsText); r++) {
    const start = performance.now()
    const each = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const t = performance.now()
        await processImage(jpeg)
        return performance.now() - t
      })
    )
    concurrent.push({ wall: performance.now() - start, each })
  }
  clearInterval(sampler)
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss())

  let start = performance.now()
  await viaWorker(jpeg)
  const workerFirst = performance.now() - start
  const worker: number[] = []
  for (let i = 0; i < Number(sequentialText); i++) {
    start = performance.now()
    await viaWorker(jpeg)
    worker.push(performance.now() - start)
  }
  const panorama = await panoramaJpeg()
  const panoramaFirst = await processImage(panorama)
  const panoramaTimes: number[] = []
  for (let i = 0; i < Number(sequentialText); i++) {
    start = performance.now()
    await processImage(panorama)
    panoramaTimes.push(performance.now() - start)
  }
  const result: ImagesWorkerResult = {
    jpegBytes: jpeg.length,
    width: meta.width!,
    height: meta.height!,
    variants: first.variants.map((v) => ({ width: v.width, height: v.height, bytes: v.data.length })),
    sequential,
    viaWorker: worker,
    workerFirst,
    concurrent,
    rssBefore,
    rssPeak,
    maxRss: highWaterRss(),
    threads: sharp.concurrency(),
    panorama: {
      jpegBytes: panorama.length,
      variants: panoramaFirst.variants.map((v) => ({ width: v.width, height: v.height, bytes: v.data.length })),
      sequential: panoramaTimes
    }
  }
  writeFileSync(resultFile, JSON.stringify(result))
}

if (process.argv[1]?.endsWith('images-worker.ts')) await main()
