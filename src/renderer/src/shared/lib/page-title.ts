import { useEffect } from 'react'
import { format, messages } from '@shared/messages'

/**
 * The window title names the page ("까치 — 알림"): the OS's window list, the task switcher
 * and screen readers announce it. Without a page yet (still loading), just the app's name.
 */
export function usePageTitle(page: string | null): void {
  useEffect(() => {
    document.title = page ? format.pageTitle(page) : messages.appName
  }, [page])
}
