import * as Dialog from '@radix-ui/react-dialog'
import { useState, type RefObject } from 'react'
import { configFieldLabels, configFields } from '@shared/firebase-config'
import { invitationLink } from '@shared/invitation-link'
import { format, messages } from '@shared/messages'
import type { ConnectionStatus, FirebaseWebConfig, SettingsView } from '@shared/types'
import { copyText } from '@/shared/lib/clipboard'
import { errorMessage } from '@/shared/lib/ipc'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import form from '@/shared/ui/form.module.css'
import { DialogShell } from '@/shared/ui/DialogShell'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { setThemeChoice, themeChoices, useThemeChoice, type ThemeChoice } from '@/shared/ui/theme'
import { toast } from '@/shared/ui/toast'
import { useDisconnect } from '../api/disconnect'
import { useSettings } from '../api/get-settings'
import { AccountSection } from './AccountSection'
import { AppSection } from './AppSection'
import { BlocksSection } from './BlocksSection'
import { ConnectForm } from './ConnectForm'
import { NotificationSection } from './NotificationSection'
import styles from './SettingsDialog.module.css'

/** The settings dialog (in the dialog shell), loaded by SettingsButton on first use. */
export default function SettingsDialog({
  open,
  onOpenChange,
  returnFocusTo
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** What opened it. It is no Dialog.Trigger (the dialog loads after the click), so Radix cannot find it. */
  returnFocusTo?: RefObject<HTMLElement | null>
}) {
  const settings = useSettings()
  // The config just disconnected, so connecting again is one click away. Kept here: a switch
  // reloads the settings answer, and what shows it may unmount meanwhile.
  const [lastConfig, setLastConfig] = useState<FirebaseWebConfig | null>(null)
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} size="large" described testId="settings-dialog" returnFocusTo={returnFocusTo} title={messages.settings}>
      <ThemePicker />
      <section className={styles.section} aria-labelledby="settings-community">
        <h3 id="settings-community" className={styles.heading}>
          {messages.communityConnection}
        </h3>
        <Dialog.Description className={styles.description}>{messages.communityHint}</Dialog.Description>
        {settings.data ? (
          <Community view={settings.data} lastConfig={lastConfig} onDisconnected={setLastConfig} />
        ) : settings.isError ? (
          <p className={form.formError} role="alert">
            {errorMessage(settings.error)}
          </p>
        ) : (
          <Spinner />
        )}
      </section>
      <NotificationSection />
      <AccountSection onAccountGone={() => onOpenChange(false)} />
      <BlocksSection />
      <AppSection />
    </DialogShell>
  )
}

const themeLabels: Record<ThemeChoice, string> = {
  system: messages.themeSystem,
  light: messages.themeLight,
  dark: messages.themeDark
}

/** 화면 테마: native radios (arrow keys move between them), applied and remembered at once. */
function ThemePicker() {
  const choice = useThemeChoice()
  return (
    <fieldset className={styles.section}>
      <legend className={styles.heading}>{messages.theme}</legend>
      <div className={styles.themes}>
        {themeChoices.map((option) => (
          <label key={option} className={styles.themeOption}>
            <input
              type="radio"
              name="theme"
              value={option}
              checked={choice === option}
              onChange={() => setThemeChoice(option)}
            />
            <span>{themeLabels[option]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function Community({
  view,
  lastConfig,
  onDisconnected
}: {
  view: SettingsView
  lastConfig: FirebaseWebConfig | null
  onDisconnected: (config: FirebaseWebConfig | null) => void
}) {
  const disconnect = useDisconnect()
  const confirm = useConfirm()

  const leave = async () => {
    if (!(await confirm(messages.confirmDisconnect, messages.disconnect))) return
    const config = view.config
    // The answer may come after the dialog closed: a promise, not mutate's callbacks, still shows it.
    disconnect.mutateAsync().then(
      () => {
        onDisconnected(config)
        toast.success(messages.disconnected)
      },
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  return (
    <>
      <Status status={view.status} />
      {view.managed && (
        <p className={styles.notice} role="note">
          {messages.settingsManaged}
        </p>
      )}
      {view.status.mode === 'local' ? (
        view.managed ? null : <ConnectForm key={lastConfig?.projectId ?? 'new'} initial={lastConfig} />
      ) : (
        <>
          {view.config && <ConfigList config={view.config} />}
          {view.config && <InviteButton config={view.config} />}
          {!view.managed && (
            <button type="button" className={styles.disconnect} onClick={() => void leave()} disabled={disconnect.isPending}>
              {messages.disconnect}
            </button>
          )}
        </>
      )}
    </>
  )
}

/** Where posts live now: this computer only, or a community's project (online or not). */
function Status({ status }: { status: ConnectionStatus }) {
  const community = status.mode === 'community'
  const state = community ? (status.online ? 'online' : 'offline') : 'local'
  return (
    <div className={styles.status} data-state={state} data-testid="connection-status" role="status">
      <span className={styles.statusIcon} aria-hidden="true">
        {community ? (
          <svg viewBox="0 0 24 24">
            <circle cx="7" cy="9" r="2.6" />
            <circle cx="17" cy="9" r="2.6" />
            <path d="M2.5 19c.6-3 2.3-4.6 4.5-4.6s3.9 1.6 4.5 4.6M12.5 19c.6-3 2.3-4.6 4.5-4.6s3.9 1.6 4.5 4.6" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24">
            <rect x="3" y="4.5" width="18" height="12" rx="2" />
            <path d="M9 20h6M12 16.5V20" />
          </svg>
        )}
      </span>
      <span className={styles.statusText}>
        <strong>{community ? format.connectedTo(status.projectId) : messages.localOnly}</strong>
        {community && !status.online && <span className={styles.statusNote}>{messages.offlineBanner}</span>}
      </span>
    </div>
  )
}

function ConfigList({ config }: { config: FirebaseWebConfig }) {
  return (
    <dl className={styles.config} data-testid="connected-config">
      {configFields.map((field) => (
        <div key={field} className={styles.configRow}>
          <dt>
            <span>{messages[configFieldLabels[field]]}</span>
            <code className={styles.code}>{field}</code>
          </dt>
          <dd>{config[field]}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Anyone connected can hand the community on: the invitation carries the six fields, nothing else. */
function InviteButton({ config }: { config: FirebaseWebConfig }) {
  const copy = async () => {
    if (await copyText(invitationLink(config))) toast.success(messages.invitationCopied)
    else toast.error(messages.linkCopyFailed)
  }
  return (
    <div className={styles.invite}>
      <button type="button" className={styles.inviteButton} onClick={() => void copy()} aria-describedby="settings-invite-hint">
        {messages.copyInvitation}
      </button>
      <p id="settings-invite-hint" className={styles.inviteHint}>
        {messages.invitationShareHint}
      </p>
    </div>
  )
}
