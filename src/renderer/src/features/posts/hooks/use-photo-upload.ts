import { useEffect, useRef, useState } from 'react'
import { messages } from '@shared/messages'
import type { ImageUpload } from '@shared/types'
import { checkImageFile } from '@/shared/lib/image-file'
import { errorMessage } from '@/shared/lib/ipc'
import { useAddImage } from '../api/add-image'

/**
 * The editor's photo: checks what it can before reading the file, sends it to main, shows a
 * local preview meanwhile and keeps the problem to show by the picker.
 */
export function usePhotoUpload(onUploaded: (upload: ImageUpload) => void) {
  const addImage = useAddImage()
  const [localPreview, setLocalPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  // One photo at a time: a second one while the first is processed would race it. A ref, as
  // a second drop can come before the pending state has rendered.
  const uploading = useRef(false)

  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview)
  }, [localPreview])

  const choose = (file: File | undefined) => {
    if (!file || uploading.current) return
    // Size and declared type answer at once; a 26 MB file is never read or sent.
    const refusal = checkImageFile(file)
    if (refusal) {
      setProblem(messages[refusal])
      return
    }
    uploading.current = true
    setLocalPreview(URL.createObjectURL(file))
    setProblem(null)
    addImage.mutate(file, {
      onSuccess: (upload) => {
        onUploaded(upload)
        setLocalPreview(null)
      },
      onError: (error) => {
        setLocalPreview(null)
        setProblem(errorMessage(error))
      },
      onSettled: () => {
        uploading.current = false
      }
    })
  }

  return {
    choose,
    localPreview,
    problem,
    setProblem,
    busy: addImage.isPending,
    progress: addImage.progress,
    isUploading: () => uploading.current
  }
}

export type PhotoUpload = ReturnType<typeof usePhotoUpload>
