import { useEffect, useRef, useState, type RefObject } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import type { InvitationView } from '@shared/types'
import { errorMessage } from '@/shared/lib/ipc'
import form from '@/shared/ui/form.module.css'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { toast } from '@/shared/ui/toast'
import { dismissInvitation, useAcceptInvitation, useInvitation } from '../api/invitation'
import styles from './InvitationPage.module.css'

/**
 * /join: the invitation link the OS handed to main, as main read it. A valid one names its
 * community (its projectId: the only name main vouches for) and asks once; 연결 connects
 * through the settings' path, 취소 lets it go. A refused one says why.
 */
export function InvitationPage({ arrival }: { arrival: string }) {
  const invitation = useInvitation(arrival)
  const heading = useRef<HTMLHeadingElement>(null)
  const view = invitation.data
  // The heading takes focus when the page has something to say, so it is read first and focus is never lost.
  useEffect(() => {
    if (view) heading.current?.focus({ preventScroll: true })
  }, [view])

  return (
    <main className={form.page}>
      <section className={`${form.card} ${styles.card}`} aria-labelledby="invitation-heading" data-testid="invitation">
        {invitation.isError ? (
          <>
            <h1 id="invitation-heading" ref={heading} tabIndex={-1} className={form.title}>
              {messages.invitationTitle}
            </h1>
            <p className={form.formError} role="alert">
              {errorMessage(invitation.error)}
            </p>
          </>
        ) : view ? (
          <Content view={view} headingRef={heading} />
        ) : (
          <Spinner />
        )}
      </section>
    </main>
  )
}

function Content({ view, headingRef }: { view: InvitationView; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const navigate = useNavigate()
  const accept = useAcceptInvitation()
  const [error, setError] = useState<string | null>(null)

  if (view.state !== 'ask') {
    return (
      <>
        <h1 id="invitation-heading" ref={headingRef} tabIndex={-1} className={form.title}>
          {view.state === 'refused' ? messages.invitationRefusedTitle : messages.invitationTitle}
        </h1>
        <p className={styles.text}>{view.state === 'refused' ? view.message : messages.invitationNone}</p>
        <Link className={styles.home} to="/">
          {messages.goHome}
        </Link>
      </>
    )
  }

  const connect = () => {
    setError(null)
    // A promise rather than mutate's callbacks: the switch may re-render what shows this page.
    accept.mutateAsync().then(
      () => {
        toast.success(messages.connected)
        navigate('/', { replace: true })
      },
      (failure: unknown) => setError(errorMessage(failure))
    )
  }
  const cancel = () => {
    void dismissInvitation().finally(() => navigate('/', { replace: true }))
  }

  return (
    <>
      <p className={styles.eyebrow}>{messages.invitationTitle}</p>
      <h1 id="invitation-heading" ref={headingRef} tabIndex={-1} className={`${form.title} ${styles.ask}`}>
        {format.invitationAsk(view.projectId)}
      </h1>
      <p className={styles.text}>{messages.invitationDetail}</p>
      {error && (
        <p className={form.formError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions} aria-busy={accept.isPending}>
        <button type="button" className={styles.cancel} onClick={cancel} disabled={accept.isPending}>
          {messages.cancel}
        </button>
        <button type="button" className={styles.accept} onClick={connect} disabled={accept.isPending}>
          {accept.isPending ? messages.connecting : messages.invitationAccept}
        </button>
      </div>
    </>
  )
}
