import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { limits } from '@shared/limits'
import { format, messages } from '@shared/messages'
import { checkPhotoAlt, normalPhotoAlt } from '@shared/validation'
import { imageAccept } from '@/shared/lib/image-file'
import { CharCounter } from '@/shared/ui/CharCounter'
import { Image } from '@/shared/ui/Image'
import { isSmallPhoto, type PhotoUpload } from '../hooks/use-photo-upload'
import type { DraftPhoto } from '../stores/editor-drafts'
import styles from './PhotoList.module.css'

interface Props {
  photo: PhotoUpload
  photos: DraftPhoto[]
  onChange: (photos: DraftPhoto[]) => void
  /** The community asks for a 사진 설명 on every photo (settings/community requireAltText). */
  requireAlt: boolean
  /** A save was tried: a missing required 설명 is now a problem of its field, not only a mark. */
  checked: boolean
}

/**
 * The editor's photos (decision 031): up to limits.photosMax, chosen several at once, dropped or
 * pasted; each with its 사진 설명, a warning when it is very small, 앞으로/뒤로 (also Alt+←/→ on
 * the photo, or dragging it) and 빼기. A move is announced, and the focus follows the photo.
 * Where the community requires a 설명, it says so first and marks each photo still without one.
 */
export function PhotoList({ photo, photos, onChange, requireAlt, checked }: Props) {
  const fileInput = useRef<HTMLInputElement>(null)
  const pickButton = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const [dragging, setDragging] = useState(false)
  const [dragged, setDragged] = useState<number | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const ids = useId()
  const full = photos.length >= limits.photosMax

  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return
    const next = [...photos]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    onChange(next)
    setAnnouncement(format.photoMoved(from + 1, to + 1, photos.length))
    // The focus follows the photo to its new place.
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>('[data-photo-thumb]')[to]?.focus())
  }

  const remove = (index: number) => {
    onChange(photos.filter((_, i) => i !== index))
    // The photo's buttons go with it: the focus goes to its neighbour, or to 사진 추가.
    requestAnimationFrame(() => {
      const thumbs = list.current?.querySelectorAll<HTMLElement>('[data-photo-thumb]')
      ;(thumbs?.[Math.min(index, (thumbs?.length ?? 1) - 1)] ?? pickButton.current)?.focus()
    })
  }

  const onThumbKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return
    event.preventDefault()
    move(index, index + (event.key === 'ArrowLeft' ? -1 : 1))
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (dragged !== null) return
    photo.choose([...event.dataTransfer.files])
  }

  return (
    <section
      className={`${styles.photos} ${dragging ? styles.dragging : ''}`}
      aria-labelledby={`${ids}-title`}
      onDragOver={(e) => {
        e.preventDefault()
        if (dragged !== null) return
        if (photo.isUploading() || full) e.dataTransfer.dropEffect = 'none'
        else setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="image-drop"
    >
      <h2 id={`${ids}-title`} className={styles.title}>
        {messages.photoList} <span className={styles.count}>{`${photos.length}/${limits.photosMax}`}</span>
      </h2>
      {requireAlt && (
        <p id={`${ids}-required`} className={styles.notice} data-testid="photo-alt-required">
          {messages.photoAltRequiredHint}
        </p>
      )}
      {photos.length > 0 && (
        <ol ref={list} className={styles.list}>
          {photos.map((item, index) => {
            const altId = `${ids}-alt-${index}`
            const missing = requireAlt && normalPhotoAlt(item.alt) === ''
            const altProblem = checkPhotoAlt(item.alt) ? messages.photoAltTooLong : checked && missing ? format.photoAltMissing(index + 1) : null
            return (
              <li
                key={item.image.id}
                className={styles.item}
                data-testid="photo-item"
                onDragOver={(e) => {
                  if (dragged === null) return
                  e.preventDefault()
                  e.stopPropagation()
                }}
                onDrop={(e) => {
                  if (dragged === null) return
                  e.preventDefault()
                  e.stopPropagation()
                  move(dragged, index)
                  setDragged(null)
                }}
              >
                <div
                  className={styles.thumb}
                  draggable
                  onDragStart={(e) => {
                    setDragged(index)
                    e.dataTransfer.effectAllowed = 'move'
                  }}
                  onDragEnd={() => setDragged(null)}
                >
                  <Image image={item.image} alt="" sizes="160px" maxHeight="120px" />
                  {/* The photo as a control: Alt+←/→ moves it, pressing it goes to its 사진 설명. */}
                  <button
                    type="button"
                    className={styles.thumbButton}
                    aria-label={format.photoNumber(index + 1)}
                    aria-describedby={`${ids}-how`}
                    data-photo-thumb=""
                    onKeyDown={(e) => onThumbKey(e, index)}
                    onClick={() => document.getElementById(altId)?.focus()}
                  />
                  <span className={styles.number} aria-hidden="true">
                    {index + 1}
                  </span>
                  {missing && (
                    <span className={styles.needed} aria-hidden="true">
                      {messages.photoAltNeeded}
                    </span>
                  )}
                </div>
                <div className={styles.fields}>
                  <label className={styles.label} htmlFor={altId}>
                    {format.photoNumber(index + 1)} · {messages.photoAltLabel}
                    {requireAlt && <span className={styles.requiredMark}>{` (${messages.photoAltRequiredMark})`}</span>}
                  </label>
                  <textarea
                    id={altId}
                    className={styles.alt}
                    rows={2}
                    value={item.alt}
                    data-testid="photo-alt"
                    aria-invalid={altProblem ? true : undefined}
                    aria-required={requireAlt || undefined}
                    aria-describedby={[altProblem && `${altId}-error`, `${altId}-counter`, requireAlt && `${ids}-required`, `${ids}-alt-hint`].filter(Boolean).join(' ')}
                    onChange={(e) => onChange(photos.map((p, i) => (i === index ? { ...p, alt: e.target.value } : p)))}
                  />
                  <div className={styles.foot}>
                    {altProblem ? (
                      <p id={`${altId}-error`} className={styles.error} role="alert">
                        {altProblem}
                      </p>
                    ) : (
                      <span />
                    )}
                    <CharCounter id={`${altId}-counter`} text={item.alt} max={limits.photoAltMax} />
                  </div>
                  {isSmallPhoto(item.image) && (
                    <p className={styles.warning} data-testid="photo-small">
                      {messages.photoSmall}
                    </p>
                  )}
                  <div className={styles.actions}>
                    <button type="button" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={`${format.photoNumber(index + 1)} ${messages.photoMoveEarlier}`}>
                      {messages.photoMoveEarlier}
                    </button>
                    <button
                      type="button"
                      onClick={() => move(index, index + 1)}
                      disabled={index === photos.length - 1}
                      aria-label={`${format.photoNumber(index + 1)} ${messages.photoMoveLater}`}
                    >
                      {messages.photoMoveLater}
                    </button>
                    <button type="button" className={styles.remove} onClick={() => remove(index)}>
                      {format.removePhoto(index + 1)}
                    </button>
                  </div>
                </div>
              </li>
            )
          })}
        </ol>
      )}
      {photo.localPreview && (
        <div className={styles.pending}>
          <img src={photo.localPreview} alt="" />
        </div>
      )}
      <div className={styles.pickRow}>
        <button
          ref={pickButton}
          type="button"
          className={styles.pick}
          data-problem={photo.problem ? '' : undefined}
          onClick={() => fileInput.current?.click()}
          disabled={photo.busy || full}
        >
          {photos.length > 0 ? messages.addPhotos : messages.chooseImage}
        </button>
        <span className={styles.hint}>{full ? messages.photosTooMany : format.photosLeft(limits.photosMax - photos.length)}</span>
      </div>
      <p id={`${ids}-how`} className={styles.hint}>
        {messages.photosHint}
      </p>
      <p id={`${ids}-alt-hint`} className="visually-hidden">
        {messages.photoAltHint}
      </p>
      <input
        ref={fileInput}
        type="file"
        accept={imageAccept}
        multiple
        hidden
        data-testid="post-image-input"
        onChange={(e) => {
          photo.choose([...(e.target.files ?? [])])
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
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  )
}
