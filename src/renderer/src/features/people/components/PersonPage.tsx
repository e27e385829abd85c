import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import type { PersonView } from '@shared/types'
import { MagpieError, errorMessage } from '@/shared/lib/ipc'
import { Avatar } from '@/shared/ui/Avatar'
import { LoadingOverlay } from '@/shared/ui/LoadingOverlay'
import { usePerson } from '../api/get-person'
import { PersonPosts } from './PersonPosts'
import styles from './PersonPage.module.css'

const dayMs = 24 * 60 * 60 * 1000

interface Props {
  personId: string
  /** The form that edits one's own profile, from the app (people do not import auth); `done` closes it. */
  renderEdit?: (person: PersonView, done: () => void) => ReactNode
}

/** A person's page, as a magazine's contributor page: their face, how long they have been here, their counts and their photos. */
export function PersonPage({ personId, renderEdit }: Props) {
  const person = usePerson(personId)
  const navigate = useNavigate()
  const location = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  const [editing, setEditing] = useState(false)
  // Closed again: the 프로필 편집 button, drawn anew, takes the focus back from the form (autoFocus).
  const [edited, setEdited] = useState(false)
  // Read once as the page opens: "함께한 지 N일" need not tick.
  const [openedAt] = useState(Date.now)
  const loaded = person.data !== undefined
  // Opening a page moves focus to its heading, as a new page would (not on each refetch).
  useEffect(() => {
    if (loaded) heading.current?.focus({ preventScroll: true })
  }, [loaded, personId])

  if (person.isPending) return <LoadingOverlay />
  if (person.isError) {
    const missing = person.error instanceof MagpieError && person.error.code === 'personNotFound'
    return (
      <main className={styles.page}>
        <h1 className={styles.missing}>{missing ? messages.personNotFound : errorMessage(person.error)}</h1>
        {!missing && (
          <button type="button" className={styles.more} onClick={() => void person.refetch()} disabled={person.isFetching}>
            {messages.retry}
          </button>
        )}
      </main>
    )
  }

  const { person: face, joinedAt, postCount, likesReceived, mine } = person.data
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/'))
  const closeEdit = () => {
    setEditing(false)
    setEdited(true)
  }
  return (
    <main className={styles.page} data-testid="person-page">
      <button type="button" className={styles.back} onClick={back}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" />
        </svg>
        {messages.back}
      </button>
      <header className={styles.masthead}>
        <Avatar person={face} size={132} />
        <div className={styles.who}>
          <p className={styles.kicker}>{messages.personKicker}</p>
          <h1 ref={heading} tabIndex={-1} className={styles.name}>
            <bdi>{face.nickname}</bdi>
          </h1>
          {joinedAt !== null && (
            <p className={styles.since}>
              <time dateTime={new Date(joinedAt).toISOString()} title={new Date(joinedAt).toLocaleDateString('ko-KR')}>
                {format.memberFor(Math.floor((openedAt - joinedAt) / dayMs))}
              </time>
            </p>
          )}
          <dl className={styles.stats}>
            <div>
              <dt>{messages.personPosts}</dt>
              <dd data-testid="person-post-count">{postCount.toLocaleString('ko-KR')}</dd>
            </div>
            <div>
              <dt>{messages.personLikes}</dt>
              <dd>{likesReceived.toLocaleString('ko-KR')}</dd>
            </div>
          </dl>
          {mine && renderEdit && !editing && (
            <button type="button" className={styles.edit} autoFocus={edited} onClick={() => setEditing(true)}>
              {messages.editProfile}
            </button>
          )}
        </div>
      </header>
      {mine && editing && renderEdit && <div className={styles.editor}>{renderEdit(face, closeEdit)}</div>}
      <section aria-label={messages.personPosts} className={styles.posts}>
        <PersonPosts personId={personId} />
      </section>
    </main>
  )
}
