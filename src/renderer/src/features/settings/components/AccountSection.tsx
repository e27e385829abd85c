import * as Dialog from '@radix-ui/react-dialog'
import { Link } from 'react-router-dom'
import { messages } from '@shared/messages'
import { personPath } from '@/shared/lib/person-path'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { toast } from '@/shared/ui/toast'
import { useSignOutOthers } from '../api/sign-out-others'
import styles from './AccountSection.module.css'
import dialog from './SettingsDialog.module.css'

/** 설정 → 계정, for someone signed in: their page (where they edit their profile), and signing out every other copy (a lost or shared computer). */
export function AccountSection() {
  const user = useCurrentUser()
  const signOut = useSignOutOthers()
  const confirm = useConfirm()
  if (!user) return null

  // Not disabled while it runs: a disabled button would drop the keyboard's focus out of the dialog.
  const run = async () => {
    if (signOut.isPending) return
    if (!(await confirm(messages.confirmSignOutOthers, messages.signOutOthers))) return
    // The answer may come after the dialog closed: a promise, not mutate's callbacks, still shows it.
    signOut.mutateAsync().then(
      () => toast.success(messages.signedOutOthers),
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  return (
    <section className={dialog.section} aria-labelledby="settings-account" data-testid="settings-account">
      <h3 id="settings-account" className={dialog.heading}>
        {messages.accountSection}
      </h3>
      <p className={dialog.description}>
        {messages.editProfileHint}{' '}
        <Dialog.Close asChild>
          <Link to={personPath(user.id)} className={styles.link} data-testid="settings-my-page">
            {messages.myPage}
          </Link>
        </Dialog.Close>
      </p>
      <p id="settings-account-hint" className={dialog.description}>
        {messages.signOutOthersHint}
      </p>
      <button type="button" className={styles.action} aria-describedby="settings-account-hint" onClick={() => void run()}>
        {messages.signOutOthers}
      </button>
    </section>
  )
}
