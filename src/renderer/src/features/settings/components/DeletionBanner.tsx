import { messages } from '@shared/messages'
import { useSession } from '@/shared/lib/session'
import { DeleteAccountForm } from './DeleteAccountForm'
import styles from './OfflineBanner.module.css'

/** The form goes with the banner: the page's heading takes the focus, so it never falls to <body>. */
function headingTakesFocus(): void {
  requestAnimationFrame(() => {
    const heading = document.querySelector<HTMLElement>('main h1')
    if (!heading) return
    heading.tabIndex = -1
    heading.focus({ preventScroll: true })
  })
}

/**
 * Under the top bar while a 회원 탈퇴 started here is not finished (decision 027): never a
 * half-deleted account without saying so. When Firebase wants the password again, it asks here.
 */
export function DeletionBanner() {
  const deletion = useSession().data?.accountDeletion
  if (!deletion) return null
  return (
    <div className={styles.banner} role="status" data-testid="deletion-banner">
      {deletion === 'needsPassword' ? (
        <div className={styles.stack}>
          <DeleteAccountForm hint={messages.accountDeletionNeedsPassword} submit={messages.accountDeletionFinish} confirm={false} onDone={headingTakesFocus} />
        </div>
      ) : (
        <span>{messages.accountDeletionFinishing}</span>
      )}
    </div>
  )
}
