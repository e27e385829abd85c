import type { MessageKey } from '@shared/messages'
import { AppError } from '../errors'
import { workerRefusals, type ImageJob, type ImageReply, type ImageRequest, type ImageResult, type ProcessedImage } from './image-protocol'

/** One started image worker, however it was started (utilityProcess in Electron, child_process elsewhere). */
export interface WorkerChannel {
  /** The process id once it runs (Electron knows it only after 'spawn'). */
  readonly pid: number | undefined
  send(request: ImageRequest): void
  onMessage(listener: (reply: ImageReply) => void): void
  /** Once, when the process has ended for any reason: crash, kill, or failing to start. */
  onExit(listener: (code: number | null) => void): void
  /** Ends it now: a worker is stateless, so nothing is lost but the job it holds. */
  kill(): void
}

export type SpawnWorker = () => WorkerChannel

export interface ImageServiceOptions {
  /** How long one job may take once the worker has it; a 40 MP HEIC decodes in a few seconds. */
  timeoutMs?: number
}

const defaultTimeoutMs = 30_000

interface Pending {
  request: ImageRequest
  onProgress?: (fraction: number) => void
  resolve: (result: ImageResult) => void
  reject: (error: AppError) => void
}

const refusals: readonly string[] = workerRefusals

/**
 * Decoding outside main (docs/decisions/018-image-process.md): jobs go to one worker process,
 * one at a time (one photo's pixels in memory at once), each with a timeout. A worker that
 * crashes, hangs or asks to retire is dropped and its job fails with imageProcessFailed; the next
 * job starts a new one.
 */
export function createImageService(spawn: SpawnWorker, options: ImageServiceOptions = {}) {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs
  const queue: Pending[] = []
  let worker: WorkerChannel | null = null
  let current: Pending | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let nextId = 1

  function start(): WorkerChannel {
    const channel = spawn()
    channel.onMessage((reply) => {
      if (channel === worker) received(reply)
    })
    channel.onExit((code) => {
      if (channel !== worker) return
      worker = null
      console.warn(`[images] the image worker ended (exit ${code}) during a job`)
      failCurrent()
    })
    return channel
  }

  function received(reply: ImageReply): void {
    const job = current
    if (!job || reply.id !== job.request.id) return
    if ('progress' in reply) return job.onProgress?.(reply.progress)
    settle()
    if (reply.retire) drop()
    job.resolve(reply)
    next()
  }

  function next(): void {
    if (current || queue.length === 0) return
    current = queue.shift()!
    try {
      worker ??= start()
      timer = setTimeout(() => {
        console.warn(`[images] the image worker took over ${timeoutMs} ms: stopped`)
        drop()
        failCurrent()
      }, timeoutMs)
      worker.send(current.request)
    } catch (error) {
      console.warn('[images] the image worker did not start', error)
      drop()
      failCurrent()
    }
  }

  function settle(): void {
    clearTimeout(timer)
    current = null
  }

  function failCurrent(): void {
    const job = current
    settle()
    job?.reject(new AppError('imageProcessFailed'))
    next()
  }

  /** Forgets the worker first, so its exit is not taken for the next job's. */
  function drop(): void {
    const channel = worker
    worker = null
    channel?.kill()
  }

  function submit(job: ImageJob, onProgress?: (fraction: number) => void): Promise<ImageResult> {
    return new Promise((resolve, reject) => {
      queue.push({ request: { ...job, id: nextId++ }, onProgress, resolve, reject })
      next()
    })
  }

  function refusal(result: ImageResult): AppError | null {
    if (!('refused' in result)) return null
    return new AppError(refusals.includes(result.refused) ? (result.refused as MessageKey) : 'imageProcessFailed')
  }

  return {
    async photo(bytes: Uint8Array, onProgress?: (fraction: number) => void): Promise<ProcessedImage> {
      const result = await submit({ op: 'photo', bytes: compact(bytes) }, onProgress)
      const refused = refusal(result)
      if (refused) throw refused
      if (!('photo' in result)) throw new AppError('imageProcessFailed')
      const variants = result.photo.variants.map((v) => ({ ...v, data: asBuffer(v.data) }))
      return { ...result.photo, variants }
    },

    async icon(bytes: Uint8Array, size: number): Promise<Buffer> {
      const result = await submit({ op: 'icon', bytes: compact(bytes), size })
      const refused = refusal(result)
      if (refused) throw refused
      if (!('icon' in result)) throw new AppError('imageProcessFailed')
      return asBuffer(result.icon)
    },

    /** Ends the worker; waiting jobs fail. The next job starts a new one. */
    stop(): void {
      const waiting = queue.splice(0)
      drop()
      failCurrent()
      for (const job of waiting) job.reject(new AppError('imageProcessFailed'))
    }
  }
}

export type ImageService = ReturnType<typeof createImageService>

/** A structured clone copies a view's whole ArrayBuffer (a pooled Buffer's is shared): send only the bytes. */
function compact(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}

/** Cloned bytes arrive as Uint8Array; callers get Buffers without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
