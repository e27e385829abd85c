import { useState, type FormEvent } from 'react'
import { checkFirebaseConfig, configFieldLabels, configFields, parseFirebaseSnippet, type ConfigField } from '@shared/firebase-config'
import { messages } from '@shared/messages'
import type { FirebaseWebConfig } from '@shared/types'
import { errorMessage, MagpieError } from '@/shared/lib/ipc'
import form from '@/shared/ui/form.module.css'
import { toast } from '@/shared/ui/toast'
import { useConnect } from '../api/connect'
import styles from './ConnectForm.module.css'

const empty: FirebaseWebConfig = { apiKey: '', authDomain: '', projectId: '', storageBucket: '', databaseURL: '', appId: '' }

/** What each value looks like in the Firebase console, as a hint inside the empty box. */
const placeholders: Record<ConfigField, string> = {
  apiKey: 'AIza…',
  authDomain: 'my-community.firebaseapp.com',
  projectId: 'my-community',
  storageBucket: 'my-community.appspot.com',
  databaseURL: 'https://my-community-default-rtdb.firebaseio.com',
  appId: '1:…:web:…'
}

type Pasted = 'idle' | 'filled' | 'unreadable'

/**
 * The six fields of a community's web config, filled by hand or from the connection details
 * (the console snippet) pasted above them. Each field is named as a member reads it, with its
 * Firebase name beside it for the organiser who copies it from the console. Each field says what is wrong as it is typed, with the same rules
 * main checks again; main then tries the project before anything is saved, and its
 * refusal is shown here with everything typed still in place.
 */
export function ConnectForm({ initial }: { initial: FirebaseWebConfig | null }) {
  const connect = useConnect()
  const [values, setValues] = useState<FirebaseWebConfig>(initial ?? empty)
  const [touched, setTouched] = useState<Partial<Record<ConfigField, boolean>>>({})
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null)
  const [snippet, setSnippet] = useState('')
  const [pasted, setPasted] = useState<Pasted>('idle')

  const problems = checkFirebaseConfig(values)
  const messageFor = (field: ConfigField): string | null => {
    if (serverError?.field === field) return serverError.message
    const key = problems[field]
    return touched[field] && key ? messages[key] : null
  }

  const edit = (field: ConfigField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setTouched((t) => ({ ...t, [field]: true }))
    setServerError(null)
  }

  const readSnippet = (text: string) => {
    setSnippet(text)
    if (text.trim() === '') return setPasted('idle')
    const found = parseFirebaseSnippet(text)
    if (!found) return setPasted('unreadable')
    setValues((v) => ({ ...v, ...found }))
    setTouched((t) => ({ ...t, ...Object.fromEntries(Object.keys(found).map((field) => [field, true])) }))
    setServerError(null)
    setSnippet('')
    setPasted('filled')
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(Object.fromEntries(configFields.map((field) => [field, true])))
    setServerError(null)
    const firstProblem = configFields.find((field) => problems[field])
    if (firstProblem) {
      document.getElementById(`settings-${firstProblem}`)?.focus()
      return
    }
    // Not mutate's callbacks: main's connection:changed may swap this form for the connected
    // view before the answer arrives, and an unmounted form's callbacks never run.
    connect.mutateAsync(values).then(
      () => toast.success(messages.connected),
      (error: unknown) => setServerError({ field: error instanceof MagpieError ? error.field : undefined, message: errorMessage(error) })
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={connect.isPending} data-testid="connect-form">
      <p className={styles.howTo}>{messages.invitationHowTo}</p>
      <div className={styles.paste}>
        <label className={form.label} htmlFor="settings-snippet">
          {messages.configPasteLabel}
        </label>
        <p id="settings-snippet-hint" className={styles.hint}>
          {messages.configPasteHint}
        </p>
        <textarea
          id="settings-snippet"
          className={`${form.input} ${styles.snippet}`}
          rows={4}
          spellCheck={false}
          placeholder={'const firebaseConfig = {\n  apiKey: "AIza…",\n  …\n};'}
          value={snippet}
          aria-invalid={pasted === 'unreadable' ? true : undefined}
          aria-describedby={pasted === 'unreadable' ? 'settings-snippet-error' : 'settings-snippet-hint'}
          onChange={(e) => readSnippet(e.target.value)}
          readOnly={connect.isPending}
        />
        {pasted === 'unreadable' && (
          <p id="settings-snippet-error" className={form.error} role="alert">
            {messages.configSnippetUnreadable}
          </p>
        )}
        {pasted === 'filled' && (
          <p className={styles.filled} role="status">
            {messages.configPasted}
          </p>
        )}
      </div>

      {serverError && !serverError.field && (
        <p className={form.formError} role="alert">
          {serverError.message}
        </p>
      )}

      <div className={styles.fields}>
        {configFields.map((field) => {
          const problem = messageFor(field)
          return (
            <div key={field} className={styles.field}>
              <span className={styles.name}>
                <label className={styles.label} htmlFor={`settings-${field}`}>
                  {messages[configFieldLabels[field]]}
                </label>
                <code id={`settings-${field}-name`} className={styles.key}>
                  {field}
                </code>
              </span>
              <input
                id={`settings-${field}`}
                className={`${form.input} ${styles.value}`}
                name={field}
                value={values[field]}
                placeholder={placeholders[field]}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                readOnly={connect.isPending}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `settings-${field}-error settings-${field}-name` : `settings-${field}-name`}
                onChange={(e) => edit(field, e.target.value)}
                onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
              />
              {problem && (
                <p id={`settings-${field}-error`} className={`${form.error} ${styles.fieldError}`} role="alert">
                  {problem}
                </p>
              )}
            </div>
          )
        })}
      </div>

      <button className={form.primary} type="submit" disabled={connect.isPending}>
        {connect.isPending ? messages.connecting : messages.connect}
      </button>
    </form>
  )
}
