import type { ReactNode } from 'react'
import { messages } from '@shared/messages'
import styles from './OpenPhoto.module.css'

/** The post page's photo as a button opening the viewer (사진 크게 보기); elsewhere the photo itself. */
export function OpenPhoto({ onOpen, children }: { onOpen?: () => void; children: ReactNode }) {
  if (!onOpen) return <>{children}</>
  return (
    <button type="button" className={styles.open} aria-label={messages.viewerOpen} data-testid="open-photo" onClick={onOpen}>
      {children}
    </button>
  )
}
