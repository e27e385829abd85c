import { afterEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { messages } from '@shared/messages'
import { makePhoto } from '../../../tests/e2e/photos'
import { AppError } from '../errors'
import { createImageService, type ImageService, type WorkerChannel } from './image-service'
import { spawnNodeImageWorker } from './node-image-worker'

// The real worker (image-worker/entry.ts) in a Node child, as the harness runs it.

const heic = () => readFileSync(new URL('../../../tests/support/fixtures/photo.heic', import.meta.url))

let services: ImageService[] = []
afterEach(() => {
  for (const service of services) service.stop()
  services = []
})

/** A service whose started workers the test can see (and kill). */
function serviceWithWorkers(timeoutMs?: number) {
  const workers: WorkerChannel[] = []
  const service = createImageService(() => {
    const channel = spawnNodeImageWorker()
    workers.push(channel)
    return channel
  }, { timeoutMs })
  services.push(service)
  return { service, workers }
}

async function refusal(job: Promise<unknown>): Promise<AppError> {
  const error = await job.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the image worker process', () => {
  it('turns a real photo into WebP variants and a placeholder, with progress, in a process of its own', async () => {
    const { service, workers } = serviceWithWorkers()
    const progress: number[] = []
    const image = await service.photo(readFileSync(await makePhoto('service', { width: 1600, height: 1067 })), (p) => progress.push(p))
    expect([image.width, image.height]).toEqual([1600, 1067])
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1080, 1600])
    for (const variant of image.variants) {
      expect(Buffer.isBuffer(variant.data)).toBe(true)
      expect((await sharp(variant.data).metadata()).format).toBe('webp')
    }
    expect(image.placeholder.length).toBeGreaterThan(10)
    expect(progress.at(-1)).toBe(1)
    expect(workers).toHaveLength(1)
    expect(workers[0]!.pid).not.toBe(process.pid)
  }, 30_000)

  it("decodes an iPhone's HEIC there too (libheif in WebAssembly)", async () => {
    const { service } = serviceWithWorkers()
    const image = await service.photo(heic())
    expect([image.width, image.height]).toEqual([96, 64])
  }, 30_000)

  it('refuses hostile and corrupt files with the Korean image messages, and the worker stays', async () => {
    const { service, workers } = serviceWithWorkers()
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg()
      .toBuffer()
    const truncated = await refusal(service.photo(jpeg.subarray(0, jpeg.length >> 1)))
    expect([truncated.code, truncated.message]).toEqual(['imageUnsupported', messages.imageUnsupported])
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    expect((await refusal(service.photo(svg))).code).toBe('imageUnsupported')
    const whole = heic()
    expect((await refusal(service.photo(whole.subarray(0, whole.length - 200)))).code).toBe('imageUnsupported')
    expect(workers).toHaveLength(1)
  }, 30_000)

  it('answers jobs asked at once, one after another in one worker', async () => {
    const { service, workers } = serviceWithWorkers()
    const bytes = readFileSync(await makePhoto('queue', { width: 700, height: 500 }))
    const images = await Promise.all([service.photo(bytes), service.photo(bytes), service.photo(bytes)])
    expect(images.map((i) => i.width)).toEqual([700, 700, 700])
    expect(workers).toHaveLength(1)
  }, 30_000)

  it('a worker killed mid-job: the job fails with imageProcessFailed, the next one gets a new worker', async () => {
    const { service, workers } = serviceWithWorkers()
    const bytes = readFileSync(await makePhoto('crash', { width: 4000, height: 3000 }))
    const job = service.photo(bytes, () => {
      // The first progress: the worker has decoded the photo and is encoding the variants.
      if (alive(workers[0]!.pid!)) process.kill(workers[0]!.pid!, 'SIGKILL')
    })
    const failed = await refusal(job)
    expect([failed.code, failed.message]).toEqual(['imageProcessFailed', messages.imageProcessFailed])

    const image = await service.photo(bytes)
    expect(image.width).toBe(4000)
    expect(workers).toHaveLength(2)
    expect(workers[1]!.pid).not.toBe(workers[0]!.pid)
  }, 60_000)

  it.skipIf(process.platform === 'win32')('a hung worker: the job times out with imageProcessFailed, the worker is killed, the next job runs', async () => {
    const { service, workers } = serviceWithWorkers(1_500)
    const bytes = readFileSync(await makePhoto('hang', { width: 4000, height: 3000 }))
    const started = Date.now()
    // SIGSTOP: the process stays, and answers nothing — a decoder stuck in a loop, as main sees it.
    const job = service.photo(bytes, () => process.kill(workers[0]!.pid!, 'SIGSTOP'))
    const failed = await refusal(job)
    expect(failed.code).toBe('imageProcessFailed')
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400)
    await until(() => !alive(workers[0]!.pid!))

    // Cold start of a fresh worker under tsx (a few seconds on a busy machine) fits a longer timeout.
    const next = serviceWithWorkers(20_000)
    expect((await next.service.photo(readFileSync(await makePhoto('after-hang', { width: 320, height: 200 })))).width).toBe(320)
  }, 60_000)

  it('a worker that cannot start fails the job with imageProcessFailed, and is started again for the next', async () => {
    let attempts = 0
    const service = createImageService(() => {
      attempts++
      if (attempts === 1) throw new Error('utilityProcess.fork before ready')
      return spawnNodeImageWorker()
    })
    services.push(service)
    const bytes = readFileSync(await makePhoto('start', { width: 320, height: 200 }))
    expect((await refusal(service.photo(bytes))).code).toBe('imageProcessFailed')
    expect((await service.photo(bytes)).width).toBe(320)
  }, 30_000)

  it('renders a stored variant as a notification icon (PNG of the asked size)', async () => {
    const { service } = serviceWithWorkers()
    const webp = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#20a060' } }).webp().toBuffer()
    const meta = await sharp(await service.icon(webp, 128)).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 128, 128])
  }, 30_000)
})
