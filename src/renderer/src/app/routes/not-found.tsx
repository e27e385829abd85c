import { Link } from 'react-router-dom'
import { messages } from '@shared/messages'
import { usePageTitle } from '@/shared/lib/page-title'
import styles from './not-found.module.css'

export function NotFoundRoute({ message = messages.notFoundPage }: { message?: string }) {
  usePageTitle(message)
  return (
    <main className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{message}</h1>
      <Link className={styles.home} to="/">
        {messages.goHome}
      </Link>
    </main>
  )
}
