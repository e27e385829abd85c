import { limits } from '@shared/limits'
import { AppError } from '../errors'
import type { ProcessedImage } from './image-protocol'
import { createImageService, type ImageService, type SpawnWorker } from './image-service'
import { spawnNodeImageWorker } from './node-image-worker'

export type { ProcessedImage, ProcessedVariant } from './image-protocol'

export interface ProcessImageOptions {
  onProgress?: (fraction: number) => void
}

/**
 * Main's one image worker (docs/decisions/018-image-process.md): a Node child until the app
 * says otherwise, so the harness, tests and seeders need no set-up.
 */
let service: ImageService | null = null
const images = (): ImageService => (service ??= createImageService(spawnNodeImageWorker))

/** How workers are started from now on; Electron passes its utilityProcess spawner. */
export function useImageWorker(spawn: SpawnWorker): void {
  service?.stop()
  service = createImageService(spawn)
}

/**
 * Untrusted upload or download bytes → WebP variants and a placeholder, decoded in the image
 * worker (image-worker/pipeline.ts has the rules). Refusals are the image rules' messages; a
 * worker that crashed or hung is imageProcessFailed.
 */
export async function processImage(bytes: Uint8Array, options: ProcessImageOptions = {}): Promise<ProcessedImage> {
  // Refused here too, so 10 MB+ is never copied to the worker.
  if (bytes.byteLength > limits.imageMaxBytes) throw new AppError('imageTooLarge')
  return images().photo(bytes, options.onProgress)
}

/** A stored variant as a square PNG, for a native notification's icon. */
export function notificationIcon(bytes: Uint8Array, size: number): Promise<Buffer> {
  return images().icon(bytes, size)
}
