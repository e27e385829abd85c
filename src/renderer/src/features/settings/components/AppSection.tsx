import { useId } from 'react'
import { format, messages } from '@shared/messages'
import type { ShellPreferences, UpdateChannel, UpdateStatus } from '@shared/types'
import { errorMessage } from '@/shared/lib/ipc'
import { leaveThen } from '@/shared/lib/leave-guard'
import form from '@/shared/ui/form.module.css'
import { toast } from '@/shared/ui/toast'
import { restartToUpdate, useCheckForUpdates, useSetPreferences, useShell, useShellUpdates } from '../api/shell'
import { ReleaseNotes } from './ReleaseNotes'
import styles from './AppSection.module.css'
import dialog from './SettingsDialog.module.css'

/** 설정 → 앱: this copy's version, its two switches and its update, kept live by main's shell:changed. */
export function AppSection() {
  useShellUpdates()
  const shell = useShell()
  const save = useSetPreferences()
  const view = shell.data
  // While main saves a switch it shows the new position; a refusal puts it back and says why.
  const shown = <K extends keyof ShellPreferences>(name: K): ShellPreferences[K] | undefined =>
    save.isPending && save.variables[name] !== undefined ? (save.variables[name] as ShellPreferences[K]) : view?.[name]
  // Not disabled while saving: a disabled switch would drop the keyboard's focus out of the dialog.
  const toggle = (name: 'autoUpdate' | 'openAtLogin', on: boolean) => {
    if (!save.isPending) save.mutate({ [name]: on })
  }

  return (
    <section className={`${dialog.section} ${styles.section}`} aria-labelledby="settings-app" data-testid="settings-app">
      <div className={styles.head}>
        <h3 id="settings-app" className={dialog.heading}>
          {messages.shellSection}
        </h3>
        {view && <span className={styles.version}>{format.aboutVersion(view.version)}</span>}
      </div>
      {shell.isError ? (
        <p className={form.formError} role="alert">
          {errorMessage(shell.error)}
        </p>
      ) : (
        <>
          <div className={styles.switches}>
            <Switch
              label={messages.autoUpdateLabel}
              hint={messages.autoUpdateHint}
              checked={shown('autoUpdate') ?? false}
              disabled={!view || view.update.state === 'unsupported'}
              onChange={(on) => toggle('autoUpdate', on)}
            />
            <Switch
              label={messages.openAtLoginLabel}
              hint={messages.openAtLoginHint}
              checked={shown('openAtLogin') ?? false}
              disabled={!view}
              onChange={(on) => toggle('openAtLogin', on)}
            />
            <ChannelRow
              channel={shown('updateChannel') ?? 'stable'}
              disabled={!view || view.update.state === 'unsupported'}
              onChange={(channel) => save.isPending || save.mutate({ updateChannel: channel })}
            />
          </div>
          {save.isError && (
            <p className={form.formError} role="alert">
              {errorMessage(save.error)}
            </p>
          )}
          {view && <Update update={view.update} />}
        </>
      )}
    </section>
  )
}

/** A native checkbox drawn as a switch, with its label and hint (설정 → 앱 and 설정 → 알림). */
export function Switch({ label, hint, checked, disabled, onChange }: { label: string; hint: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = useId()
  return (
    <div className={styles.switchRow}>
      <div className={styles.switchText}>
        <label className={styles.switchLabel} htmlFor={id}>
          {label}
        </label>
        <span id={`${id}-hint`} className={styles.switchHint}>
          {hint}
        </span>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  )
}

/** 안정 or 베타: a native select, so every keyboard and screen reader knows it. */
function ChannelRow({ channel, disabled, onChange }: { channel: UpdateChannel; disabled: boolean; onChange: (channel: UpdateChannel) => void }) {
  const id = useId()
  return (
    <div className={styles.switchRow}>
      <div className={styles.switchText}>
        <label className={styles.switchLabel} htmlFor={id}>
          {messages.updateChannelLabel}
        </label>
        <span id={`${id}-hint`} className={styles.switchHint}>
          {messages.updateChannelHint}
        </span>
      </div>
      <select
        id={id}
        className={styles.select}
        value={channel}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value === 'beta' ? 'beta' : 'stable')}
      >
        <option value="stable">{messages.updateChannelStable}</option>
        <option value="beta">{messages.updateChannelBeta}</option>
      </select>
    </div>
  )
}

/** Where the update stands, in one line, and what can be done about it. */
function Update({ update }: { update: UpdateStatus }) {
  const check = useCheckForUpdates()
  // The editor with unsaved writing asks first: the restart quits the app (decision 039).
  const restart = () => leaveThen(() => void restartToUpdate().catch((error: unknown) => toast.error(errorMessage(error))))
  const busy = check.isPending || update.state === 'checking' || update.state === 'downloading'
  return (
    <div className={styles.update} data-state={update.state} data-testid="update-status">
      {/* Told once per state: the percent is the progress bar's, read when it is reached, not at every step. */}
      <p className={styles.updateLine} role="status">
        <UpdateLine update={update} />
      </p>
      {update.state === 'downloading' && (
        <progress
          className={styles.progress}
          max={100}
          value={update.percent}
          aria-label={format.updateVersion(update.version)}
          aria-valuetext={format.updateDownloading(update.percent)}
        />
      )}
      {update.state === 'ready' && <ReleaseNotes notes={update.notes} />}
      {update.state === 'ready' && update.needsPassword && <p className={styles.switchHint}>{messages.updateNeedsPassword}</p>}
      {check.isError && (
        <p className={form.error} role="alert">
          {errorMessage(check.error)}
        </p>
      )}
      {update.state === 'ready' ? (
        <button type="button" className={styles.primary} onClick={() => void restart()}>
          {messages.updateRestart}
        </button>
      ) : update.state === 'unsupported' ? null : (
        // aria-disabled, not disabled: the button keeps the focus it was pressed with.
        <button type="button" className={styles.secondary} aria-disabled={busy} onClick={() => busy || check.mutate()}>
          {messages.updateCheck}
        </button>
      )}
    </div>
  )
}

function UpdateLine({ update }: { update: UpdateStatus }) {
  switch (update.state) {
    case 'unsupported':
      return messages.updateUnsupported
    case 'checking':
      return messages.updateChecking
    case 'downloading':
      return (
        <>
          <span className="visually-hidden">{format.updateVersion(update.version)}</span>
          <span aria-hidden="true">{format.updateDownloading(update.percent)}</span>
        </>
      )
    case 'ready':
      return (
        <>
          <strong>{messages.updateReady}</strong> <span className={styles.muted}>{format.updateVersion(update.version)}</span>
        </>
      )
    case 'failed':
      return messages.updateFailed
    case 'idle':
    case 'off':
      // Checked and nothing found (with automatic updates off, only when asked).
      return update.checkedAt === null ? null : messages.updateLatest
  }
}
