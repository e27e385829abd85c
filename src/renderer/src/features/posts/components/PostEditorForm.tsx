import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { toast } from '@/shared/ui/toast'
import { defaultLayout, limits } from '@shared/limits'
import { format, messages, type MessageKey } from '@shared/messages'
import type { PostView, SessionView } from '@shared/types'
import { checkPhotoAlt, checkPostText, normalPhotoAlt } from '@shared/validation'
import { useFocusProblem } from '@/shared/lib/focus-problem'
import { holdKeeper } from '@/shared/lib/leave-guard'
import { useCurrentUser } from '@/shared/lib/session'
import { Avatar } from '@/shared/ui/Avatar'
import { errorMessage, MagpieError } from '@/shared/lib/ipc'
import { queryKeys } from '@/shared/lib/query-keys'
import { CharCounter } from '@/shared/ui/CharCounter'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { useCreatePost } from '../api/create-post'
import { useDeletePost } from '../api/delete-post'
import { useDrafts, useSaveDraft } from '../api/drafts'
import { usePhotoRules } from '../api/photo-rules'
import { useUpdatePost } from '../api/update-post'
import { useLeavePrompt } from '../hooks/use-leave-prompt'
import { usePhotoUpload } from '../hooks/use-photo-upload'
import { useEditorDraft, type DraftPhoto, type EditorDraft } from '../stores/editor-drafts'
import type { NewPhoto } from '@shared/ipc/contract'
import { LayoutPicker } from './LayoutPicker'
import { LeaveEditorDialog } from './LeaveEditorDialog'
import { PhotoList } from './PhotoList'
import { PostBody } from './PostBody'
import styles from './PostEditor.module.css'

/** The editor itself for one signed-in writer: photos, text and layout, kept as a draft until saved; a live preview beside it. */
export function PostEditorForm({ userId, post }: { userId: string; post: PostView | null }) {
  const navigate = useNavigate()
  const location = useLocation()
  const client = useQueryClient()
  const confirm = useConfirm()
  const createPost = useCreatePost()
  const updatePost = useUpdatePost()
  const deletePost = useDeletePost()
  const saveDraft = useSaveDraft()
  // 임시 저장 is for new posts: an edit of a posted one is saved or left.
  const drafts = useDrafts(post === null)
  const textId = useId()
  const user = useCurrentUser()
  const author = post?.author ?? user
  const form = useRef<HTMLFormElement>(null)
  const textArea = useRef<HTMLTextAreaElement>(null)
  const focusProblem = useFocusProblem(form)

  const initial = useCallback(
    (): EditorDraft => ({ text: post?.text ?? '', layout: post?.layout ?? defaultLayout, photos: (post?.photos ?? []).map((p) => ({ ...p, uploadId: null })) }),
    [post]
  )
  const { draft, update, discard } = useEditorDraft(userId, post?.id ?? 'new', initial)
  const { text, layout, photos } = draft
  const [textProblem, setTextProblem] = useState<MessageKey | null>(null)
  const photoRules = usePhotoRules()
  const requireAlt = photoRules.data?.requireAltText === true
  // Set by a save tried: from then on a missing required 사진 설명 is its field's problem.
  const [altsChecked, setAltsChecked] = useState(false)
  const photo = usePhotoUpload(
    () => limits.photosMax - photos.length,
    (upload) => update((current) => ({ photos: [...current.photos, { image: upload.image, alt: '', uploadId: upload.uploadId }] }))
  )

  // Left because the session ended (logged out here, or in another window): say the draft is
  // safe, not that something failed. Checked as the form goes, however the screen was left.
  useEffect(
    () => () => {
      if ((client.getQueryData<SessionView>(queryKeys.session)?.user?.id ?? null) !== userId) toast(messages.sessionEndedDraftKept)
    },
    [client, userId]
  )

  const saving = createPost.isPending || updatePost.isPending || deletePost.isPending || saveDraft.isPending
  const start = initial()
  const photoKey = (list: { image: { id: string }; alt: string }[]) => JSON.stringify(list.map((p) => [p.image.id, p.alt]))
  // Spaces alone are nothing to keep: they neither ask on leaving nor make a 임시 저장 글.
  const changed = text.trim() !== start.text.trim() || layout !== start.layout || photoKey(photos) !== photoKey(start.photos) || photo.localPreview !== null
  // A 임시 저장 글 opened and left as it was is already kept: leaving it asks nothing.
  const saved = draft.draftId ? drafts.data?.find((d) => d.id === draft.draftId) : undefined
  const isSavedDraft = saved !== undefined && saved.text === text && saved.layout === layout && photoKey(saved.photos) === photoKey(photos) && photo.localPreview === null
  const prompt = useLeavePrompt(changed && !isSavedDraft)

  // Where 취소 and a saved edit go: the post being edited, else where the writer came from.
  const leave = () => {
    if (post) navigate(`/detail/${post.id}`, { replace: true })
    else if (location.key !== 'default') navigate(-1)
    else navigate('/', { replace: true })
  }

  // 취소 (and Escape) leaves without saving: the draft goes too, after asking when there is something to lose.
  const cancel = () =>
    prompt.ask(() => {
      discard()
      leave()
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = checkPostText(text)
    setTextProblem(problem)
    photo.setProblem(photos.length > 0 ? null : messages.postImageRequired)
    setAltsChecked(true)
    const altMissing = requireAlt && photos.some((p) => normalPhotoAlt(p.alt) === '')
    if (problem || photos.length === 0 || photos.some((p) => checkPhotoAlt(p.alt)) || altMissing) return focusProblem()
    if (photo.isUploading()) return
    const onError = (error: unknown) => {
      toast.error(errorMessage(error))
      // The community began asking for a 설명 since the editor opened: show it, and mark the photos.
      if (error instanceof MagpieError && error.code === 'photoAltRequired') void photoRules.refetch()
    }
    // Awaited rather than mutate's callbacks, which skip a screen already left: a saved
    // draft must go even then, or it would come back to be posted twice.
    const added = (p: DraftPhoto): NewPhoto[] => (p.uploadId ? [{ uploadId: p.uploadId, alt: p.alt }] : [])
    const saved = post
      ? updatePost.mutateAsync({ id: post.id, photos: photos.map((p) => added(p)[0] ?? { imageId: p.image.id, alt: p.alt }), text, layout })
      : createPost.mutateAsync({ photos: photos.flatMap(added), text, layout, ...(draft.draftId ? { draftId: draft.draftId } : {}) })
    saved.then(() => {
      discard()
      toast.success(post ? messages.postEdited : messages.postCreated)
      // An edit returns to its post; a new post to the feed, where it now tops the list.
      if (post) leave()
      else navigate('/')
    }, onError)
  }

  // 임시 저장: the editor's content goes to the list (over the draft it continues), the editor is left empty, and `then` goes on.
  const keepAsDraft = (then: () => void, failed?: () => void) => {
    if (photo.isUploading()) return failed?.()
    const uploads = photos.flatMap((p) => (p.uploadId ? [{ uploadId: p.uploadId, alt: p.alt }] : []))
    saveDraft.mutateAsync({ id: draft.draftId ?? null, text, layout, photos: uploads }).then(
      () => {
        discard()
        toast.success(messages.draftSaved)
        then()
      },
      (error: unknown) => {
        toast.error(errorMessage(error))
        failed?.()
      }
    )
  }

  // The OS ending the session cannot wait for an answer: a new post's unsaved writing becomes a 임시 저장 글 unasked (decision 039).
  const keepNow = useRef(() => {})
  const unsaved = changed && !isSavedDraft
  useLayoutEffect(() => {
    keepNow.current = () => {
      if (unsaved && post === null) keepAsDraft(() => {})
    }
  })
  useEffect(() => holdKeeper(() => keepNow.current()), [])

  const remove = async () => {
    if (!post || !(await confirm(messages.confirmDeletePost, messages.deleteOne))) return
    deletePost.mutateAsync(post.id).then(
      () => {
        discard()
        toast.success(messages.postDeleted)
        navigate('/', { replace: true })
      },
      (error: unknown) => toast.error(errorMessage(error))
    )
  }

  const going = prompt.leaving
  return (
    <>
      <main
        className={styles.page}
        // Escape is 취소, unless a menu or dialog in the page takes it (or it ends a composition).
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return
          if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')) return
          event.preventDefault()
          cancel()
        }}
      >
        <form
          ref={form}
          className={styles.editor}
          onSubmit={submit}
          noValidate
          aria-labelledby="editor-title"
          // A photo on the clipboard (Ctrl/Cmd+V) is added like a chosen file; main sniffs its bytes, never its name or type.
          onPaste={(event) => {
            const files = [...event.clipboardData.files]
            if (files.length === 0) return
            event.preventDefault()
            photo.choose(files)
          }}
        >
          <div className={styles.heading}>
            <h1 id="editor-title" className={styles.title}>
              {post ? messages.editorEdit : messages.editorNew}
            </h1>
            {!post && (
              <Link to="/drafts" className={styles.draftsLink}>
                {drafts.data && drafts.data.length > 0 ? format.draftsLink(drafts.data.length) : messages.draftsPage}
              </Link>
            )}
          </div>

          <PhotoList photo={photo} photos={photos} onChange={(next) => update({ photos: next })} requireAlt={requireAlt} checked={altsChecked} />

          <label className={styles.label} htmlFor={textId}>
            {messages.postTextLabel}
          </label>
          <textarea
            ref={textArea}
            id={textId}
            className={styles.textarea}
            value={text}
            placeholder={messages.textPlaceholder}
            rows={6}
            aria-invalid={textProblem ? true : undefined}
            aria-describedby={textProblem ? `${textId}-error ${textId}-counter` : `${textId}-counter`}
            onChange={(e) => {
              update({ text: e.target.value })
              if (textProblem) setTextProblem(checkPostText(e.target.value))
            }}
          />
          <div className={styles.fieldFoot}>
            {textProblem ? (
              <p id={`${textId}-error`} className={styles.error} role="alert">
                {messages[textProblem]}
              </p>
            ) : (
              <span />
            )}
            <CharCounter id={`${textId}-counter`} text={text} max={limits.postTextMax} />
          </div>

          <LayoutPicker value={layout} onChange={(value) => update({ layout: value })} />

          <div className={styles.buttons}>
            <button type="button" className={styles.secondary} onClick={cancel} disabled={saving}>
              {messages.cancel}
            </button>
            {!post && (
              <button type="button" className={styles.tertiary} onClick={() => keepAsDraft(() => navigate('/drafts'))} disabled={saving || photo.busy || !changed}>
                {messages.saveDraft}
              </button>
            )}
            {post && (
              <button type="button" className={styles.danger} onClick={remove} disabled={saving}>
                {messages.delete}
              </button>
            )}
            <button type="submit" className={styles.primary} disabled={saving || photo.busy}>
              {saving ? messages.saving : post ? messages.edit : messages.create}
            </button>
          </div>
        </form>

        <aside className={styles.preview} aria-label={messages.preview}>
          <p className={styles.previewLabel}>{messages.preview}</p>
          <div className={styles.previewCard} data-testid="editor-preview">
            {/* Whose card it will be, as the feed shows it. */}
            {author && (
              <div className={styles.previewAuthor}>
                <Avatar person={author} size={40} />
                <span>{author.nickname}</span>
              </div>
            )}
            <PostBody text={text || messages.textPlaceholder} layout={layout} photos={photos} localImage={photo.localPreview} preview />
          </div>
        </aside>
      </main>
      <LeaveEditorDialog
        open={going !== null}
        newPost={post === null}
        saving={saveDraft.isPending}
        onKeep={() => going && keepAsDraft(() => prompt.proceed(going), prompt.stay)}
        onDiscard={() =>
          going &&
          prompt.proceed(() => {
            discard()
            going()
          })
        }
        onStay={prompt.stay}
        returnFocus={() => prompt.returnFocus(textArea.current)}
      />
    </>
  )
}
