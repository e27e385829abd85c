import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { format, messages, type MessageKey } from '@shared/messages'
import { checkSignUp, type SignUpFields } from '@shared/validation'
import { limits } from '@shared/limits'
import { checkImageFile, imageAccept, sniffImageFile } from '@/shared/lib/image-file'
import { errorMessage, MagpieError } from '@/shared/lib/ipc'
import { CharCounter } from '@/shared/ui/CharCounter'
import styles from '@/shared/ui/form.module.css'
import { useSignUp } from '../api/sign-up'

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
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null)
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null)
  // A photo refused before reading it (size, declared type); the one chosen before stays.
  const [photoProblem, setPhotoProblem] = useState<MessageKey | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  // Only the latest choice's check may set the photo: an earlier file read late must not win.
  const latestChoice = useRef(0)
  // Set at once on the first submit, before anything renders: a second click or Enter meanwhile sends nothing.
  const sending = useRef(false)
  const [submitting, setSubmitting] = useState(false)

  // Each preview URL is released when the photo changes or the form closes.
  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo.url)
  }, [photo])

  const problems = checkSignUp(values)
  const messageFor = (field: Field): string | null => {
    if (serverError?.field === field) return serverError.message
    const key: MessageKey | undefined = problems[field]
    return touched[field] && key ? messages[key] : null
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending.current) return
    setTouched({ email: true, nickname: true, password: true, passwordConfirm: true })
    setServerError(null)
    if (Object.keys(problems).length > 0) return
    sending.current = true
    setSubmitting(true)
    try {
      const profileImage = photo ? new Uint8Array(await photo.file.arrayBuffer()) : null
      // Awaited: the welcome shows even when main's session event has already moved the screen on.
      const session = await signUp.mutateAsync({ ...values, profileImage })
      toast.success(format.signupDone(session.user?.nickname ?? values.nickname.trim()))
      navigate('/', { replace: true })
    } catch (error) {
      setServerError({ field: error instanceof MagpieError ? error.field : undefined, message: errorMessage(error) })
    } finally {
      sending.current = false
      setSubmitting(false)
    }
  }

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="signup-title">
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
              <input
                id={`signup-${name}`}
                className={styles.input}
                type={type}
                name={name}
                autoComplete={autoComplete}
                value={values[name]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={[problem && `${name}-error`, name === 'nickname' && 'nickname-counter'].filter(Boolean).join(' ') || undefined}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [name]: e.target.value }))
                  setTouched((t) => ({ ...t, [name]: true }))
                  if (serverError?.field === name) setServerError(null)
                }}
                onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
              />
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
        <div className={styles.field}>
          <span className={styles.label}>{messages.profileImageLabel}</span>
          <div className={styles.avatarRow}>
            {photo ? (
              <img className={styles.avatarPreview} src={photo.url} alt={messages.preview} />
            ) : (
              <span className={styles.avatarPreview} aria-hidden="true" />
            )}
            <button type="button" className={styles.fileButton} onClick={() => fileInput.current?.click()}>
              {messages.chooseImage}
            </button>
            {photo && (
              <button type="button" className={styles.linkButton} onClick={() => setPhoto(null)}>
                {messages.removeImage}
              </button>
            )}
            <input
              ref={fileInput}
              type="file"
              accept={imageAccept}
              hidden
              data-testid="profile-image-input"
              onChange={(e) => {
                if (serverError?.field === 'profileImage') setServerError(null)
                const file = e.target.files?.[0]
                e.target.value = ''
                const choice = ++latestChoice.current
                if (!file) {
                  setPhotoProblem(null)
                  setPhoto(null)
                  return
                }
                // Size and declared type at once; then the first bytes, so a document renamed
                // to .jpg is refused here rather than after the whole form is sent.
                const refusal = checkImageFile(file)
                setPhotoProblem(refusal)
                if (refusal) return
                void sniffImageFile(file).then((problem) => {
                  if (choice !== latestChoice.current) return
                  setPhotoProblem(problem)
                  if (!problem) setPhoto({ file, url: URL.createObjectURL(file) })
                })
              }}
            />
          </div>
          {photoProblem ? (
            <p className={styles.error} role="alert">
              {messages[photoProblem]}
            </p>
          ) : (
            serverError?.field === 'profileImage' && (
              <p className={styles.error} role="alert">
                {serverError.message}
              </p>
            )
          )}
        </div>
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
