import * as Dialog from '@radix-ui/react-dialog'
import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import { personPath } from '@/shared/lib/person-path'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { toast } from '@/shared/ui/toast'
import { download, useExportData } from '../api/export-data'
import { useSignOutOthers } from '../api/sign-out-others'
import { ChangePasswordForm } from './ChangePasswordForm'
import { DeleteAccountForm } from './DeleteAccountForm'
import styles from './AccountSection.module.css'
import dialog from './SettingsDialog.module.css'

/**
 * 설정 → 계정, for someone signed in: their page (where they edit their profile), sign out every
 * other copy (a lost or shared computer), change the password, download their data, delete the
 * account (then `onAccountGone`: the dialog closes).
 */
export function AccountSection({ onAccountGone }: { onAccountGone: () => void }) {
  const user = useCurrentUser()
  const signOut = useSignOutOthers()
  const confirm = useConfirm()
  const exporter = useExportData()
  const [changing, setChanging] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const changeButton = useRef<HTMLButtonElement>(null)
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

  const exportData = () => {
    if (exporter.isPending) return
    exporter.mutateAsync().then(
      (result) => {
        if (!result.saved) return
        if (result.download) download(result.download)
        toast.success(messages.exportDone)
      },
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
      <div className={styles.actions}>
        <button type="button" className={styles.action} aria-describedby="settings-account-hint" onClick={() => void run()}>
          {messages.signOutOthers}
        </button>
        <button
          ref={changeButton}
          type="button"
          className={styles.neutral}
          aria-expanded={changing}
          aria-controls={changing ? 'change-password' : undefined}
          onClick={() => setChanging((open) => !open)}
        >
          {messages.changePassword}
        </button>
        <button type="button" className={styles.neutral} aria-describedby="settings-export-hint" aria-busy={exporter.isPending} onClick={exportData}>
          {messages.exportData}
        </button>
      </div>
      <p id="settings-export-hint" className={styles.hint}>
        {messages.exportDataHint}
      </p>
      <p role="status" className={styles.progress}>
        {exporter.isPending ? format.exportProgress((exporter.progress ?? 0) * 100) : ''}
      </p>
      {changing && (
        <ChangePasswordForm
          id="change-password"
          onDone={() => {
            setChanging(false)
            changeButton.current?.focus()
          }}
        />
      )}
      <div className={styles.leave}>
        <button type="button" className={styles.action} aria-expanded={deleting} aria-controls={deleting ? 'delete-account' : undefined} onClick={() => setDeleting((open) => !open)}>
          {messages.deleteAccount}
        </button>
        {deleting && (
          <div id="delete-account">
            <DeleteAccountForm hint={messages.deleteAccountHint} submit={messages.deleteAccountSubmit} confirm onDone={onAccountGone} />
          </div>
        )}
      </div>
    </section>
  )
}
