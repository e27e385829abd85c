import sharp from 'sharp'
import { AppError } from '../../errors'
import { workerRefusals, type ImageReply, type ImageRequest, type ImageResult } from '../image-protocol'
import { iconPng, processImage } from './pipeline'

/**
 * The image worker: the only process that decodes images (docs/decisions/018-image-process.md).
 * Electron starts it with utilityProcess.fork (messages on process.parentPort); the harness,
 * tests and benchmarks with child_process.fork (process.send). It answers one job at a time.
 */

/** Electron's ParentPort, as far as the worker uses it (electron.d.ts: ParentPort, MessageEvent). */
interface ParentPort {
  on(event: 'message', listener: (event: { data: ImageRequest }) => void): void
  postMessage(message: ImageReply): void
}

/** Past this after a job, the worker asks to be replaced (main kills it and starts another). */
const retireRss = 1024 * 1024 * 1024

// Each input is decoded once, so libvips' operation cache only holds memory.
sharp.cache(false)

const refusals: readonly string[] = workerRefusals

async function run(request: ImageRequest, progress: (fraction: number) => void): Promise<ImageResult> {
  const { id } = request
  try {
    if (request.op === 'photo') return { id, photo: await processImage(request.bytes, { onProgress: progress }) }
    return { id, icon: await iconPng(request.bytes, request.size) }
  } catch (error) {
    // A refusal names the rule; anything else is a bug or a broken library (handled in serve).
    if (error instanceof AppError && refusals.includes(error.code)) return { id, refused: error.code }
    throw error
  }
}

function serve(reply: (message: ImageReply) => void): (request: ImageRequest) => void {
  return (request) => {
    run(request, (progress) => reply({ id: request.id, progress })).then(
      (result) => reply(process.memoryUsage.rss() > retireRss ? { ...result, retire: true } : result),
      (error: unknown) => {
        // Whatever state libvips is in now is not trusted with the next photo: main sees the exit.
        console.error('[image worker]', error)
        process.exit(1)
      }
    )
  }
}

const parentPort = (process as { parentPort?: ParentPort }).parentPort
if (parentPort) {
  const handle = serve((message) => parentPort.postMessage(message))
  parentPort.on('message', (event) => handle(event.data))
} else if (process.send) {
  const handle = serve((message) => process.send!(message))
  process.on('message', (request) => handle(request as ImageRequest))
  // The parent went away (crashed or quit without killing us): nothing will ask again.
  process.on('disconnect', () => process.exit(0))
} else {
  throw new Error('the image worker runs as a child process (utilityProcess or child_process.fork)')
}
