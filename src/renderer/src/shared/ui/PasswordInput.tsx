import { useState, type InputHTMLAttributes } from 'react'
import { messages } from '@shared/messages'
import styles from './form.module.css'

/**
 * A password field with its 보기 toggle: a button that stays put and keeps its name (the
 * field's label, then 보기); aria-pressed says whether the password shows, and the focus stays on it.
 */
export function PasswordInput({ label, ...input }: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [shown, setShown] = useState(false)
  return (
    <div className={styles.passwordRow}>
      <input {...input} className={styles.input} type={shown ? 'text' : 'password'} />
      <button type="button" className={styles.reveal} aria-pressed={shown} onClick={() => setShown((value) => !value)}>
        <span className="visually-hidden">{label} </span>
        {messages.showPassword}
      </button>
    </div>
  )
}
