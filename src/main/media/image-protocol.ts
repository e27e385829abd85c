/**
 * What main and the image worker (image-worker/entry.ts) say to each other. Messages are
 * structured clones (utilityProcess, or child_process with 'advanced' serialization), so the
 * bytes travel as Uint8Array without base64.
 */

export interface ProcessedVariant {
  width: number
  height: number
  data: Buffer
}

export interface ProcessedImage {
  /** Full-size dimensions after EXIF orientation is applied. */
  width: number
  height: number
  /** ThumbHash, base64. */
  placeholder: string
  /** WebP, ascending width. */
  variants: ProcessedVariant[]
}

export type ImageJob =
  /** Decode an untrusted upload or download into variants and a placeholder. */
  | { op: 'photo'; bytes: Uint8Array }
  /** A stored variant as a square PNG, for a native notification. */
  | { op: 'icon'; bytes: Uint8Array; size: number }

export type ImageRequest = ImageJob & { id: number }

/** A job's answer. `retire`: the worker has grown past its memory bound; main replaces it. */
export type ImageResult = (
  | { id: number; photo: ProcessedImage }
  | { id: number; icon: Uint8Array }
  /** A refusal the user reads (imageUnsupported…): the worker is fine and stays. */
  | { id: number; refused: string }
) & { retire?: true }

export type ImageReply = { id: number; progress: number } | ImageResult

/** The refusals the worker may answer with; anything else it says is treated as a failure. */
export const workerRefusals = ['imageTooLarge', 'imageUnsupported', 'imageTooManyPixels'] as const
