import { useRef, useState, type DragEvent } from 'react'
import { messages } from '@shared/messages'
import { imageAccept } from '@/shared/lib/image-file'
import type { PhotoUpload } from '../hooks/use-photo-upload'
import styles from './PostEditor.module.css'

/** The editor's photo picker: a button, a drop zone, the processing progress and the photo's problem. */
export function PhotoDropZone({ photo }: { photo: PhotoUpload }) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    photo.choose(event.dataTransfer.files[0])
  }

  return (
    <section
      className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
      onDragOver={(e) => {
        e.preventDefault()
        if (photo.isUploading()) e.dataTransfer.dropEffect = 'none'
        else setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="image-drop"
    >
      <button type="button" className={styles.pick} onClick={() => fileInput.current?.click()} disabled={photo.busy}>
        {messages.chooseImage}
      </button>
      <span className={styles.hint}>{messages.dropImageHint}</span>
      <input
        ref={fileInput}
        type="file"
        accept={imageAccept}
        hidden
        data-testid="post-image-input"
        onChange={(e) => {
          photo.choose(e.target.files?.[0])
          e.target.value = ''
        }}
      />
      {photo.progress !== null && (
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={messages.processingImage}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(photo.progress * 100)}
        >
          <span style={{ width: `${Math.max(6, photo.progress * 100)}%` }} />
          <em>{messages.processingImage}</em>
        </div>
      )}
      {photo.problem && (
        <p className={styles.error} role="alert">
          {photo.problem}
        </p>
      )}
    </section>
  )
}
