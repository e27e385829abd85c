import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '@/shared/lib/ipc'
import { useMagpieEvent } from '@/shared/lib/events'

export const addImage = (requestId: string, bytes: Uint8Array) => call('images:add', { requestId, purpose: 'post', bytes })

/** Sends a chosen photo's bytes to main, which checks and re-encodes it; progress comes back as events. */
export function useAddImage() {
  const [progress, setProgress] = useState<{ requestId: string; value: number } | null>(null)
  useMagpieEvent('images:progress', (event) =>
    setProgress((current) => (current && current.requestId === event.requestId ? { ...current, value: event.progress } : current))
  )
  const mutation = useMutation({
    mutationFn: async (file: File) => {
      const requestId = crypto.randomUUID()
      setProgress({ requestId, value: 0 })
      return addImage(requestId, new Uint8Array(await file.arrayBuffer()))
    },
    onSettled: () => setProgress(null)
  })
  return { ...mutation, progress: progress?.value ?? null }
}
