import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../..', import.meta.url))

describe('processImage from main', () => {
  it('decodes in the worker: the calling process never loads sharp or libvips', () => {
    // A fresh Node stands in for main: it processes a photo and a notification icon, then lists
    // the shared libraries it has loaded (process.report) and the worker's pid.
    const script = `
      import { processImage, notificationIcon } from './src/main/media/image-pipeline.ts'
      const { encodePng } = await import('./src/main/media/png.ts')
      const png = encodePng({ width: 64, height: 48, data: new Uint8Array(64 * 48 * 4).fill(200) })
      const image = await processImage(png)
      const icon = await notificationIcon(image.variants[0].data, 32)
      const libraries = process.report.getReport().sharedObjects.filter((file) => /vips|sharp/i.test(file))
      console.log(JSON.stringify({ widths: image.variants.map((v) => v.width), icon: icon.length > 0, libraries }))
    `
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 60_000 })
    const result = JSON.parse(output.trim().split('\n').at(-1)!) as { widths: number[]; icon: boolean; libraries: string[] }
    expect(result).toEqual({ widths: [64], icon: true, libraries: [] })
  }, 60_000)
})
