import { useState, type FormEvent } from 'react'
import { format, messages } from '@shared/messages'
import { errorMessage } from '@/shared/lib/ipc'
import { Avatar } from '@/shared/ui/Avatar'
import { ErrorState } from '@/shared/ui/ErrorState'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { toast } from '@/shared/ui/toast'
import { useModerators, useSetModerator } from '../api/moderation'
import styles from './ReportsPage.module.css'

/** Local mode's moderators: the first account and those named by nickname; a community's are set by a command (null). */
export function ModeratorsSection() {
  const moderators = useModerators(true)
  const set = useSetModerator()
  const [nickname, setNickname] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  if (moderators.isPending) return <Spinner />
  if (moderators.isError) return <ErrorState error={moderators.error} onRetry={() => void moderators.refetch()} />
  if (moderators.data === null) return <p className={styles.empty}>{messages.moderatorsByCommand}</p>

  const change = (name: string, moderator: boolean) =>
    set.mutate(
      { nickname: name, moderator },
      {
        onSuccess: () => {
          setProblem(null)
          setNickname('')
          toast.success(moderator ? format.moderatorAdded(name) : format.moderatorRemoved(name))
        },
        onError: (error) => setProblem(errorMessage(error))
      }
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    change(nickname.trim(), true)
  }

  return (
    <div className={styles.moderators}>
      <p className={styles.hint}>{messages.moderatorsHint}</p>
      <ul className={styles.list}>
        {moderators.data.map(({ person, first }) => (
          <li key={person.id} className={styles.moderator}>
            <Avatar person={person} size={28} decorative />
            <span>{person.nickname}</span>
            {first ? (
              <span className={styles.kind}>{messages.firstAccountTag}</span>
            ) : (
              <button type="button" className={styles.secondary} onClick={() => change(person.nickname, false)}>
                {messages.removeModerator}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className={styles.removal} onSubmit={submit} noValidate>
        <label htmlFor="moderator-nickname">{messages.moderatorNickname}</label>
        <div className={styles.actions}>
          <input id="moderator-nickname" className={styles.reasonBox} value={nickname} onChange={(event) => setNickname(event.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'moderator-problem' : undefined} />
          <button type="submit" className={styles.secondary} disabled={set.isPending}>
            {messages.addModerator}
          </button>
        </div>
        {problem && (
          <p role="alert" id="moderator-problem" className={styles.problem}>
            {problem}
          </p>
        )}
      </form>
    </div>
  )
}
