import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { call } from '@/shared/lib/ipc'
import { useMagpieEvent } from '@/shared/lib/events'

/** 내 데이터 내려받기: main gathers, asks where to save, writes the ZIP; progress comes as events (0 to 1). */
export function useExportData() {
  const [progress, setProgress] = useState<number | null>(null)
  useMagpieEvent('account:exportProgress', (event) => setProgress(event.progress))
  const mutation = useMutation({
    mutationFn: () => call('account:export'),
    onSettled: () => setProgress(null)
  })
  return { ...mutation, progress }
}

/** The browser harness hands the saved file to the page (decision 027): the browser downloads it. */
export function download(href: string): void {
  const link = document.createElement('a')
  link.href = href
  link.download = ''
  link.click()
}
