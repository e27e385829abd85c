import { useRef, useState } from 'react'
import { errorMessage, MagpieError } from '@/shared/lib/ipc'

export interface ServerError {
  field?: string
  message: string
}

/**
 * A form's send to main, one at a time: `busy()` is set at once on the first submit, before
 * anything renders, so a second click or Enter meanwhile sends nothing; main's refusal lands on
 * its field (or the form) as `serverError`.
 */
export function useFormSend() {
  const [serverError, setServerError] = useState<ServerError | null>(null)
  const sending = useRef(false)
  const [submitting, setSubmitting] = useState(false)

  /** `onRefused`: after main's refusal is set (e.g. to put the focus on its field). */
  const send = async (work: () => Promise<void>, onRefused?: () => void): Promise<void> => {
    sending.current = true
    setSubmitting(true)
    try {
      await work()
    } catch (error) {
      setServerError({ field: error instanceof MagpieError ? error.field : undefined, message: errorMessage(error) })
      onRefused?.()
    } finally {
      sending.current = false
      setSubmitting(false)
    }
  }

  return { serverError, setServerError, submitting, busy: () => sending.current, send }
}
