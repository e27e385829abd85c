import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { uploadVariant } from '../../src/main/backends/community/images'
import { twelveMegapixelJpeg, type ImagesWorkerResult } from '../lib/images-worker'
import { kib, mib, percentile, spread, withRange, type Spread } from '../lib/stats'
import { emptyOutput, type BenchContext, type Scenario } from '../lib/types'

export const images: Scenario = {
  name: 'images',
  title: 'Photo pipeline: a 12-megapixel JPEG',
  aliases: ['image', 'photos'],
  async run(ctx: BenchContext) {
    const out = emptyOutput()
    ctx.progress.step('making a 12-megapixel JPEG')
    const jpegFile = join(ctx.tmp, 'photo-12mp.jpg')
    await writeFile(jpegFile, await twelveMegapixelJpeg())
    const sequential = ctx.smoke ? 1 : 12
    const rounds = ctx.smoke ? 1 : 3
    const runs = ctx.smoke ? 1 : Math.min(ctx.runs, 3)
    const results: ImagesWorkerResult[] = []
    for (let r = 0; r < runs; r++) {
      ctx.progress.step(`run ${r + 1}/${runs}: ${sequential} one at a time, then ${rounds}× four at once`)
      const resultFile = join(ctx.tmp, `images-${r}.json`)
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/images-worker.ts', jpegFile, resultFile, String(sequential), String(rounds)], {
        cwd: ctx.root,
        stdio: ['ignore', 'inherit', 'inherit']
      })
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      if (code !== 0) throw new Error(`images worker exited ${code}`)
      results.push(JSON.parse(await readFile(resultFile, 'utf8')) as ImagesWorkerResult)
    }
    const first = results[0]!
    const s = (pick: (r: ImagesWorkerResult) => number) => spread(results.map(pick))
    const p50 = s((r) => percentile(r.sequential, 50))
    const p99 = s((r) => percentile(r.sequential, 99))
    const peak = s((r) => Math.max(r.rssPeak, r.maxRss))
    const hop = s((r) => percentile(r.viaWorker, 50) - percentile(r.sequential, 50))
    const viaWorker = s((r) => percentile(r.viaWorker, 50))
    out.tables.push({
      title: `processImage on a ${first.width}×${first.height} JPEG (${kib(first.jpegBytes)}; ${runs} process${runs > 1 ? 'es' : ''})`,
      columns: ['measure', 'median (min–max)'],
      rows: [
        [`one at a time: p50 of ${sequential}`, withRange(p50)],
        [`one at a time: p99 of ${sequential}`, withRange(p99)],
        ['four at once: wall time for all four', withRange(s((r) => percentile(r.concurrent.map((c) => c.wall), 50)))],
        ['four at once: each one', withRange(s((r) => percentile(r.concurrent.flatMap((c) => c.each), 50)))],
        ['resident memory before the four', withRange(s((r) => r.rssBefore), mib)],
        [`through the image worker (main's path): p50 of ${sequential}`, withRange(viaWorker)],
        ['process hop: worker p50 − in-process p50', withRange(hop)],
        ["the worker's start and its first photo", withRange(s((r) => r.workerFirst))],
        ['**peak resident memory (four at once)**', `**${withRange(peak, mib)}**`]
      ],
      note: `Every variant (WebP ${first.variants.map((v) => `${v.width} px ${kib(v.bytes)}`).join(', ')}) and the ThumbHash placeholder, as an upload gets them; EXIF is stripped. A process of its own (bench/lib/images-worker.ts) so the memory is the pipeline's: Node, sharp/libvips (libvips concurrency ${first.threads}: sharp's default on glibc; the four calls share libuv's pool), the decoded pixels. Peak: the higher of RSS sampled every 5 ms and the kernel's high-water mark (VmHWM). In the app the pipeline runs in the image worker's process (docs/decisions/018-image-process.md): the "through the image worker" rows are main's path, the bytes copied there and the variants back; the worker starts from sources under tsx here (Electron's utility process starts from the built bundle).`
    })
    // What one photo costs: the disk it takes here, and in community mode the bytes uploaded to
    // Storage (uploadVariant's choice) and downloaded by every other member's app and the web app.
    const costRow = (name: string, variants: ImagesWorkerResult['variants'], times: Spread) => {
      const largest = variants.at(-1)!
      const record = { id: '', placeholder: '', width: largest.width, height: largest.height, variants: variants.map((v) => ({ width: v.width, file: '' })) }
      const uploaded = variants.find((v) => v.width === uploadVariant(record).width)!
      return [
        name,
        `${largest.width}×${largest.height}`,
        kib(variants.reduce((sum, v) => sum + v.bytes, 0)),
        `${kib(uploaded.bytes)} (${uploaded.width}×${uploaded.height})`,
        withRange(times)
      ]
    }
    out.tables.push({
      title: 'What one photo costs (the largest variant bounded by 4096 px on its long side and 3840×2160 pixels)',
      columns: ['photo', 'largest variant', 'stored on this computer (every variant)', 'uploaded to Storage (community mode)', 'pipeline p50, in process'],
      rows: [
        costRow(`${first.width}×${first.height} JPEG (${kib(first.jpegBytes)})`, first.variants, p50),
        costRow(`6000×800 panorama JPEG (${kib(first.panorama.jpegBytes)})`, first.panorama.variants, s((r) => percentile(r.panorama.sequential, 50)))
      ],
      note: `Until decision 032 the largest variant was 1600 px wide: the same 12 MP photo kept 130.7 KiB (88.8 KiB uploaded) in 113 ms, and the panorama became 1600×213. A community gets the largest variant within 2.5 MP (decision 032), so the web app's readers download an ordinary photo at 1600 px as before. Panorama variants: ${first.panorama.variants.map((v) => `${v.width} px ${kib(v.bytes)}`).join(', ')}. Storage's rule allows 10 MB; pure noise at the pixel bound (3840×2160) encodes to 3.6 MiB (pipeline.test.ts checks it stays under 8 MiB).`
    })
    // The goal is what a person waits for: main's path, through the image worker.
    out.goals.push({ name: '12 MP JPEG → all variants through the image worker, p50', target: '≤ 400 ms', actual: withRange(viaWorker), met: viaWorker.median <= 400 })
    out.goals.push({
      name: 'peak pipeline RSS (the image worker in the app), four at once (information: no figure set)',
      target: '–',
      actual: withRange(peak, mib),
      met: null
    })
    return out
  }
}
