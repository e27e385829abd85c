import { useEffect, useRef, useState } from 'react'
import { limits } from '@shared/limits'
import { messages } from '@shared/messages'
import type { ImageUpload } from '@shared/types'
import { checkImageFile } from '@/shared/lib/image-file'
import { errorMessage } from '@/shared/lib/ipc'
import { useAddImage } from '../api/add-image'

/**
 * The editor's photos on their way in: checks what it can before reading each file, sends them
 * to main one after another (images:add each, with its progress), shows the one in processing
 * as a local preview and keeps the problem to show by the picker. `room`: how many more fit.
 */
export function usePhotoUpload(room: () => number, onUploaded: (upload: ImageUpload) => void) {
  const addImage = useAddImage()
  const [localPreview, setLocalPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  // One batch at a time: a second while the first is processed would race it. A ref, as a
  // second drop can come before the pending state has rendered.
  const uploading = useRef(false)

  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview)
  }, [localPreview])

  const choose = async (chosen: readonly File[]) => {
    if (chosen.length === 0 || uploading.current) return
    const files = chosen.slice(0, Math.max(0, room()))
    setProblem(chosen.length > files.length ? messages.photosTooMany : null)
    uploading.current = true
    try {
      for (const file of files) {
        // Size and declared type answer at once; a 26 MB file is never read or sent.
        const refusal = checkImageFile(file)
        if (refusal) {
          setProblem(messages[refusal])
          continue
        }
        setLocalPreview(URL.createObjectURL(file))
        try {
          onUploaded(await addImage.mutateAsync(file))
        } catch (error) {
          setProblem(errorMessage(error))
        }
        setLocalPreview(null)
      }
    } finally {
      uploading.current = false
    }
  }

  return {
    choose: (files: readonly File[]) => void choose(files),
    localPreview,
    problem,
    setProblem,
    busy: addImage.isPending,
    progress: addImage.progress,
    isUploading: () => uploading.current
  }
}

export type PhotoUpload = ReturnType<typeof usePhotoUpload>

/** Whether a photo is so small it shows blurred or tiny (decision 031): warned, never refused. */
export const isSmallPhoto = (image: { width: number; height: number }): boolean => Math.max(image.width, image.height) < limits.smallPhotoSide
