import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { messages } from '@shared/messages'
import { useFocusProblem } from '@/shared/lib/focus-problem'
import { errorMessage } from '@/shared/lib/ipc'
import styles from '@/shared/ui/form.module.css'
import { useLogin } from '../api/login'
import { PasswordInput } from '@/shared/ui/PasswordInput'

/** The login form; a successful login goes back to `returnTo`, where the reader was before. */
export function LoginForm({ returnTo = '/' }: { returnTo?: string }) {
  const navigate = useNavigate()
  const login = useLogin()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const focusProblem = useFocusProblem(form)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    login.mutate(
      { email, password },
      { onSuccess: () => navigate(returnTo, { replace: true }), onError: (e) => {
          setError(errorMessage(e))
          focusProblem()
        } }
    )
  }

  return (
    <main className={styles.page}>
      <form ref={form} className={styles.card} onSubmit={submit} noValidate aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          {messages.login}
        </h1>
        <p className={styles.subtitle}>까치에 다시 오신 걸 환영해요</p>
        {error && (
          <p id="login-error" className={styles.formError} role="alert">
            {error}
          </p>
        )}
        <label className={styles.field}>
          <span className={styles.label}>{messages.emailLabel}</span>
          <input
            className={styles.input}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-error' : undefined}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
        </label>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="login-password">
            {messages.passwordLabel}
          </label>
          <PasswordInput
            id="login-password"
            label={messages.passwordLabel}
            name="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-error' : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button className={styles.primary} type="submit" disabled={login.isPending}>
          {messages.login}
        </button>
        <p className={styles.switch}>
          {messages.notMemberYet}
          <Link to="/signup">{messages.signup}</Link>
        </p>
      </form>
    </main>
  )
}
