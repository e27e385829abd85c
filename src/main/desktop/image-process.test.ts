import { afterEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { messages } from '@shared/messages'
import { makePhoto } from '../../../tests/e2e/photos'
import { utilityProcess } from '../../../tests/support/electron-double'
import { AppError } from '../errors'
import { createImageService, type ImageService } from '../media/image-service'
import { workerHeapMb } from '../media/node-image-worker'
import { utilityImageWorker } from './image-process'

// The worker entry from sources: the double runs it in a real Node child with Electron's
// process.parentPort, as utilityProcess.fork runs out/main/image-worker.js in the app.
const workerSource = fileURLToPath(new URL('../media/image-worker/entry.ts', import.meta.url))

let service: ImageService | null = null
afterEach(() => {
  service?.stop()
  service = null
  utilityProcess.reset()
})

function electronService() {
  service = createImageService(utilityImageWorker(workerSource))
  return { service, forked: utilityProcess.forked }
}

describe('the image worker as an Electron utility process', () => {
  it('forks the worker as a named utility process with a bounded heap, and processes a photo through parentPort', async () => {
    const { service, forked } = electronService()
    const image = await service.photo(readFileSync(await makePhoto('utility', { width: 1200, height: 800 })))
    expect([image.width, image.height]).toEqual([1200, 800])
    expect((await sharp(image.variants[0]!.data).metadata()).format).toBe('webp')

    expect(forked).toHaveLength(1)
    const child = forked[0]!
    expect(child.modulePath).toBe(workerSource)
    expect(child.options.serviceName).toBe('Magpie image worker')
    expect(child.options.execArgv).toEqual([expect.stringMatching(/^--js-flags=--max-old-space-size=\d+$/)])
    expect(child.pid).toBeGreaterThan(0)
  }, 30_000)

  it("the worker's V8 heap is capped for real, as a utility process applies V8 flags", async () => {
    const fixture = fileURLToPath(new URL('../../../tests/support/fixtures/heap-limit.mjs', import.meta.url))
    const worker = utilityImageWorker(fixture)()
    const reported = new Promise<number>((resolve) => worker.onMessage((message) => resolve((message as unknown as { heapLimitMb: number }).heapLimitMb)))
    const limit = await reported
    worker.kill()
    // V8 adds its young generation to the old space's cap; an uncapped heap is gigabytes.
    expect(limit).toBeGreaterThanOrEqual(workerHeapMb)
    expect(limit).toBeLessThan(workerHeapMb * 1.5)
  }, 30_000)

  it('a refusal comes back as the Korean image message', async () => {
    const { service } = electronService()
    const error = await service.photo(Buffer.from('<html>not a photo</html>')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).message).toBe(messages.imageUnsupported)
  }, 30_000)

  it("a utility process that dies mid-job: imageProcessFailed, then a new one; kill() ends it through Electron's API", async () => {
    const { service, forked } = electronService()
    const bytes = readFileSync(await makePhoto('utility-crash', { width: 4000, height: 3000 }))
    const exits: number[] = []
    const job = service.photo(bytes, () => {
      const child = forked[0]!
      child.once('exit', (code: number) => exits.push(code))
      if (child.pid) process.kill(child.pid, 'SIGKILL')
    })
    const error = await job.catch((e: unknown) => e)
    expect((error as AppError).code).toBe('imageProcessFailed')
    expect(exits[0]).not.toBe(0)
    expect(forked[0]!.pid).toBeUndefined()

    expect((await service.photo(bytes)).width).toBe(4000)
    expect(forked).toHaveLength(2)
    const second = forked[1]!
    const exited = new Promise<number>((resolve) => second.once('exit', resolve))
    service.stop()
    expect(await exited).not.toBe(0)
    expect(second.pid).toBeUndefined()
  }, 60_000)
})
