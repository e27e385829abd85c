import { useEffect, useRef, useState, type RefObject } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { format, messages } from '@shared/messages'
import { invitationFormat } from '@shared/messages/invitation-codes'
import type { InvitationView } from '@shared/types'
import { errorMessage } from '@/shared/lib/ipc'
import form from '@/shared/ui/form.module.css'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { toast } from '@/shared/ui/toast'
import { call } from '@/shared/lib/ipc'
import { dismissInvitation, useAcceptInvitation, useInvitation, useJoinByInvitation } from '../api/invitation'
import { JoinCodeForm } from './JoinCodeForm'
import styles from './InvitationPage.module.css'

/**
 * /join: the invitation link the OS handed to main, as main read it. A valid one names its
 * community (its projectId: the only name main vouches for) and asks once; 연결 connects
 * through the settings' path, 취소 lets it go. A refused one says why. One with a join code
 * (decision 047) asks 가입 once its community runs, connected just now or before.
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
        ) : view?.state === 'join' ? (
          <JoinContent projectId={view.projectId} headingRef={heading} />
        ) : view ? (
          <Content view={view} headingRef={heading} onConnected={() => void invitation.refetch()} />
        ) : (
          <Spinner />
        )}
      </section>
    </main>
  )
}

function Content({ view, headingRef, onConnected }: { view: InvitationView; headingRef: RefObject<HTMLHeadingElement | null>; onConnected: () => void }) {
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
        {view.state === 'none' && (
          <div className={styles.codeForm}>
            <JoinCodeForm onJoined={() => navigate('/', { replace: true })} />
          </div>
        )}
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
      async () => {
        toast.success(messages.connected)
        // A join code is asked about next, on this page; otherwise (or unanswered mid-switch) the feed.
        const next = await call('invitation:get').catch(() => null)
        if (next?.state === 'join') onConnected()
        else navigate('/', { replace: true })
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

/** 가입: the held code redeemed by main for the signed-in person; 취소 lets it go. */
function JoinContent({ projectId, headingRef }: { projectId: string; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const navigate = useNavigate()
  const join = useJoinByInvitation()
  const [error, setError] = useState<string | null>(null)
  const submit = () => {
    setError(null)
    join.mutateAsync().then(
      () => {
        toast.success(messages.joinCodeJoined)
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
        {invitationFormat.joinAsk(projectId)}
      </h1>
      <p className={styles.text}>{messages.joinCodeAskDetail}</p>
      {error && (
        <p className={form.formError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions} aria-busy={join.isPending}>
        <button type="button" className={styles.cancel} onClick={cancel} disabled={join.isPending}>
          {messages.cancel}
        </button>
        <button type="button" className={styles.accept} onClick={submit} disabled={join.isPending}>
          {messages.joinCodeJoin}
        </button>
      </div>
    </>
  )
}
