import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { defaultLayout, layouts, type Layout } from '@shared/limits'
import { messages, type MessageKey } from '@shared/messages'
import type { PostView, SessionView } from '@shared/types'
import { checkPostText } from '@shared/validation'
import { errorMessage } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'
import { useCurrentUser } from '@/shared/lib/session'
import { useConfirm } from '@/shared/ui/ConfirmDialog'
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay'
import { useAddImage } from '../api/add-image'
import { useCreatePost } from '../api/create-post'
import { useDeletePost } from '../api/delete-post'
import { usePost } from '../api/get-post'
import { useUpdatePost } from '../api/update-post'
import { useEditorDraft, type EditorDraft } from '../stores/editor-drafts'
import { PostBody } from './PostBody'
import styles from './PostEditor.module.css'

const layoutLabels: Record<Layout, string> = { Top: messages.layoutTop, Right: messages.layoutRight, Left: messages.layoutLeft }

/** What the picker and the drop zone take; main decides from the bytes and refuses anything else with a message. */
const acceptedImages = 'image/jpeg,image/png,image/webp,image/gif,image/avif'

/** /write/new creates; /write/{id} edits or deletes the reader's own post, preloaded. */
export function PostEditor({ postId }: { postId: string }) {
  const isNew = postId === 'new'
  const user = useCurrentUser()
  const navigate = useNavigate()
  const existing = usePost(postId, !isNew)
  // Whether this visit began signed in: a session ending here is not a refusal to explain.
  const signedInHere = useRef(user !== null)

  useEffect(() => {
    if (!user) {
      // The editor's own farewell (EditorForm) says the draft is kept; a visitor is told to log in.
      if (!signedInHere.current) toast(isNew ? messages.loginFirstWrite : messages.onlyAuthorEdit)
      navigate('/', { replace: true })
    } else if (!isNew && existing.data && !existing.isPlaceholderData && !existing.data.mine) {
      toast.error(messages.onlyAuthorEdit)
      navigate(-1)
    }
  }, [user, isNew, existing.data, existing.isPlaceholderData, navigate])

  if (!user) return null
  // A new person at the editor gets a form of their own; the last one's draft stays theirs.
  if (isNew) return <EditorForm key={user.id} userId={user.id} post={null} />
  if (existing.isPending || existing.isPlaceholderData) return <LoadingOverlay />
  if (existing.isError) {
    return <p className={styles.notice}>{errorMessage(existing.error)}</p>
  }
  return existing.data.mine ? <EditorForm key={user.id} userId={user.id} post={existing.data} /> : null
}

function EditorForm({ userId, post }: { userId: string; post: PostView | null }) {
  const navigate = useNavigate()
  const client = useQueryClient()
  const confirm = useConfirm()
  const addImage = useAddImage()
  const createPost = useCreatePost()
  const updatePost = useUpdatePost()
  const deletePost = useDeletePost()
  const fileInput = useRef<HTMLInputElement>(null)
  const textId = useId()

  const initial = useCallback(
    (): EditorDraft => ({ text: post?.text ?? '', layout: post?.layout ?? defaultLayout, image: post?.image ?? null, uploadId: null }),
    [post]
  )
  const { draft, update, discard } = useEditorDraft(userId, post?.id ?? 'new', initial)
  const { text, layout, image, uploadId } = draft
  const [localPreview, setLocalPreview] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [problems, setProblems] = useState<{ text?: MessageKey; image?: string }>({})

  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview)
  }, [localPreview])

  // Left because the session ended (logged out here, or in another window): say the draft is
  // safe, not that something failed. Checked as the form goes, however the screen was left.
  useEffect(
    () => () => {
      if ((client.getQueryData<SessionView>(queryKeys.session)?.user?.id ?? null) !== userId) toast(messages.sessionEndedDraftKept)
    },
    [client, userId]
  )

  // One photo at a time: a second one while the first is processed would race it. A ref, as
  // a second drop can come before the pending state has rendered.
  const uploading = useRef(false)

  const choose = (file: File | undefined) => {
    if (!file || uploading.current) return
    uploading.current = true
    const preview = URL.createObjectURL(file)
    setLocalPreview(preview)
    setProblems((p) => ({ ...p, image: undefined }))
    addImage.mutate(file, {
      onSuccess: (upload) => {
        update({ image: upload.image, uploadId: upload.uploadId })
        setLocalPreview(null)
      },
      onError: (error) => {
        setLocalPreview(null)
        setProblems((p) => ({ ...p, image: errorMessage(error) }))
      },
      onSettled: () => {
        uploading.current = false
      }
    })
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    choose(event.dataTransfer.files[0])
  }

  const saving = createPost.isPending || updatePost.isPending || deletePost.isPending

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const textProblem = checkPostText(text)
    const imageProblem = image ? undefined : messages.postImageRequired
    setProblems({ text: textProblem ?? undefined, image: imageProblem })
    if (textProblem || imageProblem || uploading.current) return
    const onError = (error: unknown) => toast.error(errorMessage(error))
    // Awaited rather than mutate's callbacks, which skip a screen already left: a saved
    // draft must go even then, or it would come back to be posted twice.
    const saved = post ? updatePost.mutateAsync({ id: post.id, uploadId, text, layout }) : createPost.mutateAsync({ uploadId, text, layout })
    saved.then(() => {
      discard()
      toast.success(post ? messages.postEdited : messages.postCreated)
      navigate('/')
    }, onError)
  }

  const remove = async () => {
    if (!post || !(await confirm(messages.confirmDeletePost, messages.delete))) return
    deletePost.mutateAsync(post.id).then(
      () => {
        discard()
        toast.success(messages.postDeleted)
        navigate('/', { replace: true })
      },
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  return (
    <main className={styles.page}>
      <form className={styles.editor} onSubmit={submit} noValidate aria-labelledby="editor-title">
        <h1 id="editor-title" className={styles.title}>
          {post ? messages.editorEdit : messages.editorNew}
        </h1>

        <section
          className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
          onDragOver={(e) => {
            e.preventDefault()
            if (uploading.current) e.dataTransfer.dropEffect = 'none'
            else setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="image-drop"
        >
          <button type="button" className={styles.pick} onClick={() => fileInput.current?.click()} disabled={addImage.isPending}>
            {messages.chooseImage}
          </button>
          <span className={styles.hint}>{messages.dropImageHint}</span>
          <input
            ref={fileInput}
            type="file"
            accept={acceptedImages}
            hidden
            data-testid="post-image-input"
            onChange={(e) => {
              choose(e.target.files?.[0])
              e.target.value = ''
            }}
          />
          {addImage.progress !== null && (
            <div className={styles.progress} role="progressbar" aria-label={messages.processingImage} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(addImage.progress * 100)}>
              <span style={{ width: `${Math.max(6, addImage.progress * 100)}%` }} />
              <em>{messages.processingImage}</em>
            </div>
          )}
          {problems.image && (
            <p className={styles.error} role="alert">
              {problems.image}
            </p>
          )}
        </section>

        <label className={styles.label} htmlFor={textId}>
          {messages.textPlaceholder}
        </label>
        <textarea
          id={textId}
          className={styles.textarea}
          value={text}
          placeholder={messages.textPlaceholder}
          rows={6}
          aria-invalid={problems.text ? true : undefined}
          onChange={(e) => {
            update({ text: e.target.value })
            if (problems.text) setProblems((p) => ({ ...p, text: checkPostText(e.target.value) ?? undefined }))
          }}
        />
        {problems.text && (
          <p className={styles.error} role="alert">
            {messages[problems.text]}
          </p>
        )}

        <fieldset className={styles.layouts}>
          <legend>{messages.layout}</legend>
          {layouts.map((value) => (
            <label key={value} className={`${styles.layoutOption} ${layout === value ? styles.chosen : ''}`}>
              <input type="radio" name="layout" value={value} checked={layout === value} onChange={() => update({ layout: value })} />
              <span className={`${styles.glyph} ${styles[`glyph${value}`]}`} aria-hidden="true">
                <i />
                <b />
              </span>
              {layoutLabels[value]}
            </label>
          ))}
        </fieldset>

        <div className={styles.buttons}>
          {post ? (
            <>
              <button type="button" className={styles.danger} onClick={remove} disabled={saving}>
                {messages.delete}
              </button>
              <button type="submit" className={styles.primary} disabled={saving || addImage.isPending}>
                {saving ? messages.saving : messages.edit}
              </button>
            </>
          ) : (
            <button type="submit" className={styles.primary} disabled={saving || addImage.isPending}>
              {saving ? messages.saving : messages.create}
            </button>
          )}
        </div>
      </form>

      <aside className={styles.preview} aria-label={messages.preview}>
        <p className={styles.previewLabel}>{messages.preview}</p>
        <div className={styles.previewCard} data-testid="editor-preview">
          <PostBody text={text || messages.textPlaceholder} layout={layout} image={image} localImage={localPreview} preview />
        </div>
      </aside>
    </main>
  )
}
