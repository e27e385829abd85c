import { useRef, useState, type DragEvent } from 'react'
import { messages } from '@shared/messages'
import type { ImageView } from '@shared/types'
import { imageAccept } from '@/shared/lib/image-file'
import { Image } from '@/shared/ui/Image'
import type { PhotoUpload } from '../hooks/use-photo-upload'
import styles from './PostEditor.module.css'

/**
 * The editor's photo picker: a button, a drop zone, the processing progress and the photo's
 * problem. With a photo (just chosen, or the post's own when editing) it shows a thumbnail,
 * 사진 바꾸기 and 사진 빼기.
 */
export function PhotoDropZone({ photo, image, onRemove }: { photo: PhotoUpload; image: ImageView | null; onRemove: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null)
  const pickButton = useRef<HTMLButtonElement>(null)
  const [dragging, setDragging] = useState(false)
  const hasPhoto = photo.localPreview !== null || image !== null

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
      {hasPhoto && (
        <div className={styles.thumb} data-testid="photo-thumbnail">
          {photo.localPreview ? (
            <img src={photo.localPreview} alt={messages.postImageAlt} />
          ) : (
            image && <Image image={image} alt={messages.postImageAlt} sizes="240px" maxHeight="180px" />
          )}
        </div>
      )}
      <div className={styles.photoButtons}>
        <button
          ref={pickButton}
          type="button"
          className={styles.pick}
          data-problem={photo.problem ? '' : undefined}
          onClick={() => fileInput.current?.click()}
          disabled={photo.busy}
        >
          {hasPhoto ? messages.changeImage : messages.chooseImage}
        </button>
        {image && !photo.busy && (
          <button
            type="button"
            className={styles.remove}
            onClick={() => {
              onRemove()
              // The button goes with the photo: focus stays in the picker, not on the page.
              pickButton.current?.focus()
            }}
          >
            {messages.removeImage}
          </button>
        )}
      </div>
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
