import { useCallback, useEffect, useState, type RefObject } from 'react'

/**
 * A refused form puts the focus on its first field with a problem (`aria-invalid`, or
 * `data-problem` on a photo's button), else on its first field: the submit button, disabled
 * while sending, would otherwise drop it to <body>. Returns the call that asks for it; the
 * focus moves after the render that marks the fields.
 */
export function useFocusProblem(form: RefObject<HTMLFormElement | null>): () => void {
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    if (asked === 0 || !form.current) return
    const target =
      form.current.querySelector<HTMLElement>('[aria-invalid="true"], [data-problem]') ??
      form.current.querySelector<HTMLElement>('input:not([hidden]), textarea')
    target?.focus()
  }, [asked, form])
  return useCallback(() => setAsked((n) => n + 1), [])
}
