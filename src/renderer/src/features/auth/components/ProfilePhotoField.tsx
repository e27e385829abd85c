import { useEffect, useRef, useState } from 'react'
import { messages, type MessageKey } from '@shared/messages'
import { checkImageFile, imageAccept, sniffImageFile } from '@/shared/lib/image-file'
import styles from '@/shared/ui/form.module.css'

/**
 * The optional profile photo of the sign-up form and the 프로필 완성 step: the same picker, preview
 * and checks (size and declared type at once, then the first bytes) wherever a profile is made.
 * `onChange` gets the photo that passed, or null; `error` is main's refusal for this field.
 */
export function ProfilePhotoField({
  onChange,
  error,
  onChosen,
  current,
  label = messages.profileImageLabel
}: {
  onChange: (file: File | null) => void
  error?: string | null
  onChosen?: () => void
  /** The photo the person has now (editing a profile): shown until another is chosen or it is removed. */
  current?: string | null
  label?: string
}) {
  const [photo, setPhotoState] = useState<{ file: File; url: string } | null>(null)
  const [removed, setRemoved] = useState(false)
  const shown = photo?.url ?? (removed ? null : (current ?? null))
  // A photo refused before reading it (size, declared type); the one chosen before stays.
  const [photoProblem, setPhotoProblem] = useState<MessageKey | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  // Only the latest choice's check may set the photo: an earlier file read late must not win.
  const latestChoice = useRef(0)

  const setPhoto = (next: { file: File; url: string } | null) => {
    setPhotoState(next)
    onChange(next?.file ?? null)
  }

  // Each preview URL is released when the photo changes or the form closes.
  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo.url)
  }, [photo])

  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <div className={styles.avatarRow}>
        {shown ? (
          <img className={styles.avatarPreview} src={shown} alt={messages.preview} />
        ) : (
          <span className={styles.avatarPreview} aria-hidden="true" />
        )}
        <button
          type="button"
          className={styles.fileButton}
          data-problem={photoProblem || error ? '' : undefined}
          onClick={() => fileInput.current?.click()}
        >
          {messages.chooseImage}
        </button>
        {shown && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setRemoved(true)
              setPhoto(null)
            }}
          >
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
            onChosen?.()
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
        error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )
      )}
    </div>
  )
}
