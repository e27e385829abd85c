import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { toast } from '@/shared/ui/toast'
import { format, messages } from '@shared/messages'
import { checkNickname } from '@shared/validation'
import { limits } from '@shared/limits'
import { CharCounter } from '@/shared/ui/CharCounter'
import styles from '@/shared/ui/form.module.css'
import { useLogout } from '../api/logout'
import { useCompleteProfile } from '../api/complete-profile'
import { useFormSend } from '../hooks/use-form-send'
import { ProfilePhotoField } from './ProfilePhotoField'

/**
 * The 프로필 완성 step (issue 21, defect 4): an account the web app made without its users document
 * is signed in, but is no member until it has a nickname. Shown in place of every screen until the
 * profile is saved, as apps finish an account before anything else; 로그아웃 is the way out.
 * The nickname and the optional photo follow the sign-up form's rules and limits.
 */
export function CompleteProfileForm({ email }: { email: string }) {
  const complete = useCompleteProfile()
  const logout = useLogout()
  const [nickname, setNickname] = useState('')
  const [touched, setTouched] = useState(false)
  const [photo, setPhoto] = useState<File | null>(null)
  const form = useRef<HTMLFormElement>(null)
  // The step goes away (saved, or 로그아웃) under the keyboard: the focus goes to the top bar's
  // first control (까치, home), which stays, rather than to the page body.
  useLayoutEffect(() => {
    const element = form.current
    return () => {
      if (!element?.contains(document.activeElement)) return
      queueMicrotask(() => document.querySelector<HTMLElement>('header a[href]')?.focus())
    }
  }, [])
  const { serverError, setServerError, submitting, busy, send } = useFormSend()

  const problem = checkNickname(nickname)
  const nicknameError = serverError?.field === 'nickname' ? serverError.message : touched && problem ? messages[problem] : null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy()) return
    setTouched(true)
    setServerError(null)
    if (problem) return
    await send(async () => {
      const profileImage = photo ? new Uint8Array(await photo.arrayBuffer()) : null
      const session = await complete.mutateAsync({ nickname, profileImage })
      toast.success(format.profileDone(session.user?.nickname ?? nickname.trim()))
    })
  }

  return (
    <main className={styles.page}>
      <form ref={form} className={styles.card} onSubmit={submit} noValidate aria-labelledby="complete-profile-title">
        <h1 id="complete-profile-title" className={styles.title}>
          {messages.completeProfile}
        </h1>
        <p className={styles.subtitle}>{messages.completeProfileHint}</p>
        {serverError && serverError.field !== 'nickname' && serverError.field !== 'profileImage' && (
          <p className={styles.formError} role="alert">
            {serverError.message}
          </p>
        )}
        <div className={styles.field}>
          <span className={styles.label}>{messages.emailLabel}</span>
          <span>{email}</span>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="complete-profile-nickname">
            {messages.nicknameLabel}
          </label>
          <input
            id="complete-profile-nickname"
            className={styles.input}
            type="text"
            name="nickname"
            autoComplete="nickname"
            autoFocus
            value={nickname}
            aria-invalid={nicknameError ? true : undefined}
            aria-describedby={[nicknameError && 'nickname-error', 'nickname-counter'].filter(Boolean).join(' ')}
            onChange={(e) => {
              setNickname(e.target.value)
              setTouched(true)
              if (serverError?.field === 'nickname') setServerError(null)
            }}
            onBlur={() => setTouched(true)}
          />
          {nicknameError && (
            <p id="nickname-error" className={styles.error} role="alert">
              {nicknameError}
            </p>
          )}
          <div className={styles.counterRow}>
            <CharCounter id="nickname-counter" text={nickname} max={limits.nicknameMax} />
          </div>
        </div>
        <ProfilePhotoField
          onChange={setPhoto}
          error={serverError?.field === 'profileImage' ? serverError.message : null}
          onChosen={() => {
            if (serverError?.field === 'profileImage') setServerError(null)
          }}
        />
        <button className={styles.primary} type="submit" disabled={submitting}>
          {messages.completeProfileSubmit}
        </button>
        <p className={styles.switch}>
          <button type="button" className={styles.linkButton} onClick={() => logout.mutate()} disabled={logout.isPending}>
            {messages.logout}
          </button>
        </p>
      </form>
    </main>
  )
}
