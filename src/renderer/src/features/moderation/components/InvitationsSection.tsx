import { useId, useRef, useState, type FormEvent } from 'react'
import { formatDateTime } from '@shared/format'
import { invitationDays, invitationNoteMax, invitationUsesMax, type CreatedInvitation, type InvitationCodeView, type InvitationDays, type InvitationState } from '@shared/join-codes'
import { messages } from '@shared/messages'
import { invitationFormat } from '@shared/messages/invitation-codes'
import { copyText } from '@/shared/lib/clipboard'
import { errorMessage, MagpieError } from '@/shared/lib/ipc'
import { useConfirm } from '@/shared/ui/ConfirmProvider'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { toast } from '@/shared/ui/toast'
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/join-codes'
import styles from './InvitationsSection.module.css'

const dayLabels: Record<InvitationDays, string> = { 1: messages.invitationExpiry1, 7: messages.invitationExpiry7, 30: messages.invitationExpiry30 }
const stateLabels: Record<InvitationState, string> = {
  open: messages.invitationStateOpen,
  expired: messages.invitationStateExpired,
  usedUp: messages.invitationStateUsedUp,
  revoked: messages.invitationStateRevoked
}
const useChoices = [1, 5, 10, 20, 50, invitationUsesMax]

/**
 * 초대 링크 (docs/decisions/047-invitation-codes.md): a moderator makes an invitation (how long,
 * how many people, a note for themselves), sees its link once to copy, and revokes any in the
 * list, which never shows a code again. Local mode answers that this is a community's.
 */
export function InvitationsSection() {
  const list = useInvitations(true)
  const [made, setMade] = useState<CreatedInvitation | null>(null)
  if (list.isPending) return <Spinner />
  if (list.isError) {
    if (list.error instanceof MagpieError && list.error.code === 'invitationsCommunityOnly') return <p className={styles.empty}>{list.error.message}</p>
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} />
  }
  return (
    <div className={styles.section}>
      <p className={styles.hint}>{messages.invitationsLede}</p>
      {made ? <MadeLink made={made} onDone={() => setMade(null)} /> : <NewInvitationForm onMade={setMade} />}
      <InvitationList invitations={list.data} />
    </div>
  )
}

function NewInvitationForm({ onMade }: { onMade: (made: CreatedInvitation) => void }) {
  const create = useCreateInvitation()
  const [days, setDays] = useState<InvitationDays>(7)
  const [maxUses, setMaxUses] = useState(1)
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<{ message: string; field?: string } | null>(null)
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    create.mutate(
      { days, maxUses, note: note.trim() || undefined },
      {
        onSuccess: (result) => {
          setNote('')
          onMade(result)
        },
        onError: (error) => setProblem({ message: errorMessage(error), field: error instanceof MagpieError ? error.field : undefined })
      }
    )
  }
  const problemId = `${id}-problem`
  const on = (field: string) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': problemId } : {})
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={create.isPending}>
      <fieldset className={styles.days} {...on('days')}>
        <legend>{messages.invitationExpiryLabel}</legend>
        {invitationDays.map((n) => (
          <label key={n} className={styles.choice}>
            <input type="radio" name={`${id}-days`} value={n} checked={days === n} onChange={() => setDays(n)} />
            {dayLabels[n]}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-uses`}>{messages.invitationMaxUsesLabel}</label>
        <select id={`${id}-uses`} className={styles.input} value={maxUses} onChange={(event) => setMaxUses(Number(event.target.value))} {...on('maxUses')}>
          {useChoices.map((n) => (
            <option key={n} value={n}>
              {invitationFormat.usesOption(n)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-note`}>{messages.invitationNoteLabel}</label>
        <input id={`${id}-note`} className={styles.input} value={note} maxLength={invitationNoteMax} onChange={(event) => setNote(event.target.value)} aria-describedby={`${id}-note-hint`} {...on('note')} />
        <p id={`${id}-note-hint`} className={styles.hint}>
          {messages.invitationNoteHint}
        </p>
      </div>
      {problem && (
        <p role="alert" id={problemId} className={styles.problem}>
          {problem.message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={create.isPending}>
          {messages.invitationCreate}
        </button>
      </div>
    </form>
  )
}

/** The link with its code, this once: selected for the eye, copied by the button. */
function MadeLink({ made, onDone }: { made: CreatedInvitation; onDone: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null)
  const id = useId()
  const copy = async () => {
    if (await copyText(made.link)) toast.success(messages.invitationCodeCopied)
    else {
      field.current?.select()
      toast.error(messages.invitationCopyFailed)
    }
  }
  return (
    <section className={styles.made} aria-labelledby={`${id}-made`}>
      <h2 id={`${id}-made`} className={styles.madeTitle}>
        {messages.invitationCreated}
      </h2>
      <label htmlFor={`${id}-link`} className={styles.visuallyHidden}>
        {messages.invitationsSection}
      </label>
      <textarea id={`${id}-link`} ref={field} className={styles.link} readOnly value={made.link} rows={4} spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {messages.invitationNewLink}
        </button>
        <button type="button" className={styles.primary} onClick={() => void copy()} autoFocus>
          {messages.invitationCopy}
        </button>
      </div>
    </section>
  )
}

function InvitationList({ invitations }: { invitations: InvitationCodeView[] }) {
  const revoke = useRevokeInvitation()
  const confirm = useConfirm()
  const listRef = useRef<HTMLUListElement>(null)
  if (invitations.length === 0) return <p className={styles.none}>{messages.invitationsNone}</p>
  const ask = async (invitation: InvitationCodeView) => {
    if (!(await confirm(messages.invitationRevokeConfirm, messages.invitationRevoke, () => listRef.current?.querySelector<HTMLElement>(`[data-invitation="${invitation.id}"]`)))) return
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(messages.invitationRevoked),
      onError: (error) => toast.error(errorMessage(error))
    })
  }
  return (
    <ul className={styles.list} ref={listRef} aria-label={messages.invitationsSection}>
      {invitations.map((invitation) => (
        <li key={invitation.id} className={styles.row} data-invitation={invitation.id} tabIndex={-1}>
          <div className={styles.rowText}>
            <p className={styles.note}>{invitation.note || messages.invitationNoNote}</p>
            <p className={styles.meta}>
              <span className={styles.state} data-state={invitation.state}>
                {stateLabels[invitation.state]}
              </span>
              <span>{invitationFormat.uses(invitation.uses, invitation.maxUses)}</span>
              <span>{invitationFormat.until(formatDateTime(invitation.expiresAt))}</span>
            </p>
          </div>
          {invitation.state !== 'revoked' && (
            <button type="button" className={styles.secondary} onClick={() => void ask(invitation)} disabled={revoke.isPending}>
              {messages.invitationRevoke}
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
