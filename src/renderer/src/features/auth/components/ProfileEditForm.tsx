import { useId, useRef, useState, type FormEvent } from 'react'
import { messages } from '@shared/messages'
import { limits } from '@shared/limits'
import type { PersonView } from '@shared/types'
import { checkNickname } from '@shared/validation'
import { CharCounter } from '@/shared/ui/CharCounter'
import { toast } from '@/shared/ui/toast'
import styles from '@/shared/ui/form.module.css'
import { useUpdateProfile } from '../api/update-profile'
import own from './ProfileEditForm.module.css'
import { useFormSend } from '../hooks/use-form-send'
import { ProfilePhotoField } from './ProfilePhotoField'

/**
 * One's own nickname and photo (docs/decisions/028-profiles.md), under the sign-up's rules: main
 * checks them again, and refuses a name someone else's looks like. `onDone` closes the form.
 */
export function ProfileEditForm({ person, onDone }: { person: PersonView; onDone: () => void }) {
  const update = useUpdateProfile()
  const [nickname, setNickname] = useState(person.nickname)
  // undefined: the photo stays; null: removed; a file: the new one.
  const [photo, setPhoto] = useState<File | null | undefined>(undefined)
  const { serverError, setServerError, submitting, busy, send } = useFormSend()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const problem = checkNickname(nickname)
  const nicknameError = serverError?.field === 'nickname' ? serverError.message : problem ? messages[problem] : null
  const current = person.avatar?.variants.at(-1)?.url ?? null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy() || problem) return
    setServerError(null)
    await send(
      async () => {
        const bytes = photo ? new Uint8Array(await photo.arrayBuffer()) : photo
        await update.mutateAsync({ nickname, ...(bytes === undefined ? {} : { photo: bytes }) })
        toast.success(messages.profileSaved)
        onDone()
      },
      () => input.current?.focus()
    )
  }

  return (
    <form className={`${styles.card} ${own.form}`} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="profile-edit">
      <h2 id={`${id}-title`} className={styles.title}>
        {messages.editProfile}
      </h2>
      {serverError && serverError.field !== 'nickname' && serverError.field !== 'profileImage' && (
        <p className={styles.formError} role="alert">
          {serverError.message}
        </p>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-nickname`}>
          {messages.nicknameLabel}
        </label>
        <input
          ref={input}
          id={`${id}-nickname`}
          className={styles.input}
          type="text"
          name="nickname"
          autoComplete="nickname"
          autoFocus
          value={nickname}
          aria-invalid={nicknameError ? true : undefined}
          aria-describedby={[nicknameError && `${id}-error`, `${id}-counter`].filter(Boolean).join(' ')}
          onChange={(e) => {
            setNickname(e.target.value)
            if (serverError?.field === 'nickname') setServerError(null)
          }}
        />
        {nicknameError && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {nicknameError}
          </p>
        )}
        <div className={styles.counterRow}>
          <CharCounter id={`${id}-counter`} text={nickname} max={limits.nicknameMax} />
        </div>
      </div>
      <ProfilePhotoField
        label={messages.profilePhotoLabel}
        current={current}
        onChange={setPhoto}
        error={serverError?.field === 'profileImage' ? serverError.message : null}
        onChosen={() => {
          if (serverError?.field === 'profileImage') setServerError(null)
        }}
      />
      <div className={own.actions}>
        <button type="button" className={own.cancel} onClick={onDone}>
          {messages.cancel}
        </button>
        <button className={styles.primary} type="submit" disabled={submitting}>
          {messages.editProfileSave}
        </button>
      </div>
    </form>
  )
}
