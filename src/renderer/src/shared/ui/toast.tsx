import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'
import { useScheme } from './theme'

/**
 * sonner's toasts, loaded with the first toast instead of with the first screen (it is
 * about 9 KiB of gzipped script the feed never needs). `toast`, `toast.success` and
 * `toast.error` take what sonner's do; <Toasts> mounts sonner's Toaster from then on, and
 * sonner hands a Toaster that subscribes late the toasts already shown.
 */
const sonner = () => import('sonner')

let wanted = false
const listeners = new Set<() => void>()

function show(send: (toast: Awaited<ReturnType<typeof sonner>>['toast']) => unknown): void {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  void sonner().then((module) => send(module.toast))
}

export const toast = Object.assign((message: string) => show((t) => t(message)), {
  success: (message: string) => show((t) => t.success(message)),
  error: (message: string) => show((t) => t.error(message))
})

const Toaster = lazy(() => sonner().then((module) => ({ default: module.Toaster })))

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function Toasts(props: ToasterProps) {
  const shown = useSyncExternalStore(subscribe, () => wanted)
  // sonner draws its own colours: it is told the scheme in force, never left to guess.
  const scheme = useScheme()
  return shown ? (
    <Suspense fallback={null}>
      <Toaster theme={scheme} {...props} />
    </Suspense>
  ) : null
}
