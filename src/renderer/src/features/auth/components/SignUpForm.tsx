import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { format, messages, type MessageKey } from '@shared/messages'
import { checkSignUp, type SignUpFields } from '@shared/validation'
import { limits } from '@shared/limits'
import { useFocusProblem } from '@/shared/lib/focus-problem'
import { CharCounter } from '@/shared/ui/CharCounter'
import styles from '@/shared/ui/form.module.css'
import { useSignUp } from '../api/sign-up'
import { useFormSend } from '../hooks/use-form-send'
import { PasswordInput } from '@/shared/ui/PasswordInput'
import { ProfilePhotoField } from './ProfilePhotoField'

type Field = keyof SignUpFields

const fieldMeta: { name: Field; label: string; type: string; autoComplete: string }[] = [
  { name: 'email', label: messages.emailLabel, type: 'email', autoComplete: 'username' },
  { name: 'nickname', label: messages.nicknameLabel, type: 'text', autoComplete: 'nickname' },
  { name: 'password', label: messages.passwordLabel, type: 'password', autoComplete: 'new-password' },
  { name: 'passwordConfirm', label: messages.passwordConfirmLabel, type: 'password', autoComplete: 'new-password' }
]

export function SignUpForm() {
  const navigate = useNavigate()
  const signUp = useSignUp()
  const [values, setValues] = useState<SignUpFields>({ email: '', nickname: '', password: '', passwordConfirm: '' })
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({})
  const [photo, setPhoto] = useState<File | null>(null)
  const { serverError, setServerError, submitting, busy, send } = useFormSend()
  const form = useRef<HTMLFormElement>(null)
  const focusProblem = useFocusProblem(form)

  const problems = checkSignUp(values)
  const messageFor = (field: Field): string | null => {
    if (serverError?.field === field) return serverError.message
    const key: MessageKey | undefined = problems[field]
    return touched[field] && key ? messages[key] : null
  }

  const fieldProps = (name: Field, autoComplete: string, problem: string | null) => ({
    name,
    autoComplete,
    value: values[name],
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': [problem && `${name}-error`, name === 'nickname' && 'nickname-counter'].filter(Boolean).join(' ') || undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }))
      setTouched((t) => ({ ...t, [name]: true }))
      if (serverError?.field === name) setServerError(null)
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true }))
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy()) return
    setTouched({ email: true, nickname: true, password: true, passwordConfirm: true })
    setServerError(null)
    if (Object.keys(problems).length > 0) return focusProblem()
    await send(async () => {
      const profileImage = photo ? new Uint8Array(await photo.arrayBuffer()) : null
      // Awaited: the welcome shows even when main's session event has already moved the screen on.
      const session = await signUp.mutateAsync({ ...values, profileImage })
      toast.success(format.signupDone(session.user?.nickname ?? values.nickname.trim()))
      navigate('/', { replace: true })
    }, focusProblem)
  }

  return (
    <main className={styles.page}>
      <form ref={form} className={styles.card} onSubmit={submit} noValidate aria-labelledby="signup-title">
        <h1 id="signup-title" className={styles.title}>
          {messages.signup}
        </h1>
        <p className={styles.subtitle}>사진 한 장, 글 한 줄로 시작하는 나만의 매거진</p>
        {serverError && !serverError.field && (
          <p className={styles.formError} role="alert">
            {serverError.message}
          </p>
        )}
        {fieldMeta.map(({ name, label, type, autoComplete }) => {
          const problem = messageFor(name)
          return (
            <div key={name} className={styles.field}>
              <label className={styles.label} htmlFor={`signup-${name}`}>
                {label}
              </label>
              {type === 'password' ? (
                <PasswordInput id={`signup-${name}`} label={label} {...fieldProps(name, autoComplete, problem)} />
              ) : (
                <input id={`signup-${name}`} className={styles.input} type={type} {...fieldProps(name, autoComplete, problem)} />
              )}
              {problem && (
                <p id={`${name}-error`} className={styles.error} role="alert">
                  {problem}
                </p>
              )}
              {name === 'nickname' && (
                <div className={styles.counterRow}>
                  <CharCounter id="nickname-counter" text={values.nickname} max={limits.nicknameMax} />
                </div>
              )}
            </div>
          )
        })}
        <ProfilePhotoField
          onChange={setPhoto}
          error={serverError?.field === 'profileImage' ? serverError.message : null}
          onChosen={() => {
            if (serverError?.field === 'profileImage') setServerError(null)
          }}
        />
        <button className={styles.primary} type="submit" disabled={submitting}>
          {messages.signup}
        </button>
        <p className={styles.switch}>
          {messages.alreadyMember}
          <Link to="/login">{messages.login}</Link>
        </p>
      </form>
    </main>
  )
}
