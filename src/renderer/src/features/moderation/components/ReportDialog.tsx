import * as Dialog from '@radix-ui/react-dialog'
import { useState, type FormEvent } from 'react'
import { limits, reportReasons, type ReportReason, type ReportTarget } from '@shared/limits'
import { messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import { CharCounter } from '@/shared/ui/CharCounter'
import { DialogShell } from '@/shared/ui/DialogShell'
import { toast } from '@/shared/ui/toast'
import { useReport } from '../api/moderation'
import { reasonLabel } from '@shared/report-reasons'
import styles from './ReportDialog.module.css'

/**
 * 신고하기 (docs/decisions/030-reports-and-moderators.md): a reason from the short list and,
 * if they like, a few words. Main refuses one's own writing and a second report of the same.
 */
export function ReportDialog({ target, onClose }: { target: { kind: ReportTarget; id: string } | null; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const report = useReport()

  const close = () => {
    setReason(null)
    setNote('')
    setProblem(null)
    onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!target) return
    if (!reason) return setProblem(messages.reportReasonRequired)
    report.mutate(
      { kind: target.kind, targetId: target.id, reason, note },
      {
        onSuccess: () => {
          toast.success(messages.reportSent)
          close()
        },
        onError: (error) => setProblem(errorMessage(error))
      }
    )
  }

  return (
    <DialogShell open={target !== null} onOpenChange={(open) => !open && close()} described title={messages.reportTitle}>
      <Dialog.Description className={styles.hint}>{messages.reportHint}</Dialog.Description>
      <form onSubmit={submit} noValidate>
        <fieldset className={styles.reasons}>
          <legend className={styles.legend}>{messages.reportReasonLabel}</legend>
          {reportReasons.map((value) => (
            <label key={value} className={styles.reason}>
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              {reasonLabel[value]}
            </label>
          ))}
        </fieldset>
        <label className={styles.label} htmlFor="report-note">
          {messages.reportNoteLabel}
        </label>
        <textarea id="report-note" className={styles.note} rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
        <CharCounter text={note} max={limits.reportNoteMax} />
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Dialog.Close className={styles.cancel}>{messages.cancel}</Dialog.Close>
          <button type="submit" className={styles.submit} disabled={report.isPending}>
            {messages.reportSubmit}
          </button>
        </div>
      </form>
    </DialogShell>
  )
}
