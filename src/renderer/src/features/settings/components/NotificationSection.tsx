import { useId, useRef, useState } from 'react'
import { limits } from '@shared/limits'
import { format, messages } from '@shared/messages'
import type { MutedPostView, NotificationSettings } from '@shared/types'
import { errorMessage } from '@/shared/lib/ipc'
import { useCurrentUser } from '@/shared/lib/session'
import form from '@/shared/ui/form.module.css'
import { Image } from '@/shared/ui/Image'
import { Spinner } from '@/shared/ui/LoadingOverlay'
import { toast } from '@/shared/ui/toast'
import { useMutePost, useNotificationSettings, useSetNotificationSettings } from '../api/notifications'
import { Switch } from './AppSection'
import app from './AppSection.module.css'
import styles from './NotificationSection.module.css'
import dialog from './SettingsDialog.module.css'

/** Every start or end quiet hours may take: the hours and half hours of a day. */
const times = Array.from({ length: (24 * 60) / limits.quietHoursStep }, (_, i) => i * limits.quietHoursStep)

/**
 * 설정 → 알림, for someone signed in (docs/decisions/026-notification-settings.md): likes and
 * comments each on or off, pop-ups apart from the badge, quiet hours, and the posts whose alerts
 * are off. Main keeps and applies them; this only edits them.
 */
export function NotificationSection() {
  const user = useCurrentUser()
  const query = useNotificationSettings(Boolean(user))
  const save = useSetNotificationSettings()
  const [draft, setDraft] = useState<NotificationSettings | null>(null)
  const latest = useRef(0)
  if (!user) return null

  const saved = query.data?.settings
  // What the person just chose shows at once (set in the same event, so the switch never flips
  // back before main answers); main's answer replaces it, a refusal puts the saved state back.
  const shown: NotificationSettings | undefined = draft ?? saved
  // Never disabled nor ignored while saving: a disabled switch would drop the keyboard's focus out
  // of the dialog, and each call names only what it changes, which main applies in order.
  const change = (changes: Partial<NotificationSettings>) => {
    if (!shown) return
    const call = ++latest.current
    setDraft({ ...shown, ...changes })
    save
      .mutateAsync(changes)
      .catch(() => {})
      .finally(() => {
        if (latest.current === call) setDraft(null)
      })
  }

  return (
    <section className={dialog.section} aria-labelledby="settings-notifications" data-testid="settings-notifications">
      <h3 id="settings-notifications" className={dialog.heading}>
        {messages.notificationSection}
      </h3>
      {query.isError ? (
        <p className={form.formError} role="alert">
          {errorMessage(query.error)}
        </p>
      ) : !shown || !query.data ? (
        <Spinner />
      ) : (
        <>
          <div className={app.switches}>
            <Switch label={messages.notifyLikesLabel} hint={messages.notifyLikesHint} checked={shown.likes} disabled={false} onChange={(likes) => change({ likes })} />
            <Switch
              label={messages.notifyCommentsLabel}
              hint={messages.notifyCommentsHint}
              checked={shown.comments}
              disabled={false}
              onChange={(comments) => change({ comments })}
            />
            <Switch label={messages.notifyPopupsLabel} hint={messages.notifyPopupsHint} checked={shown.popups} disabled={false} onChange={(popups) => change({ popups })} />
            <Switch
              label={messages.quietHoursLabel}
              hint={messages.quietHoursHint}
              checked={shown.quietHours !== null}
              disabled={false}
              onChange={(on) => change({ quietHours: on ? limits.quietHoursDefault : null })}
            />
            {shown.quietHours && <QuietHours quiet={shown.quietHours} onChange={(quietHours) => change({ quietHours })} />}
          </div>
          {save.isError && (
            <p className={form.formError} role="alert">
              {errorMessage(save.error)}
            </p>
          )}
          <MutedPosts posts={query.data.mutedPosts} />
        </>
      )}
    </section>
  )
}

/** Two native selects; the end's times up to the start read as the next day's, and neither offers the other's time. */
function QuietHours({ quiet, onChange }: { quiet: { start: number; end: number }; onChange: (quiet: { start: number; end: number }) => void }) {
  const id = useId()
  return (
    <div className={styles.quiet}>
      <label className={styles.time} htmlFor={`${id}-start`}>
        <span>{messages.quietHoursStart}</span>
        <select id={`${id}-start`} className={styles.select} value={quiet.start} onChange={(e) => onChange({ ...quiet, start: Number(e.target.value) })}>
          {times.map((m) => (
            <option key={m} value={m} disabled={m === quiet.end}>
              {format.clockTime(m)}
            </option>
          ))}
        </select>
      </label>
      <span className={styles.dash} aria-hidden="true">
        –
      </span>
      <label className={styles.time} htmlFor={`${id}-end`}>
        <span>{messages.quietHoursEnd}</span>
        <select id={`${id}-end`} className={styles.select} value={quiet.end} onChange={(e) => onChange({ ...quiet, end: Number(e.target.value) })}>
          {times.map((m) => (
            <option key={m} value={m} disabled={m === quiet.start}>
              {m < quiet.start ? format.quietHoursNextDay(format.clockTime(m)) : format.clockTime(m)}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

/** The posts whose alerts are off, each turned back on here too. */
function MutedPosts({ posts }: { posts: MutedPostView[] }) {
  const mute = useMutePost()
  const heading = useRef<HTMLHeadingElement>(null)
  return (
    <div className={styles.muted}>
      <h4 ref={heading} tabIndex={-1} id="settings-muted-posts" className={styles.mutedTitle}>
        {messages.mutedPostsTitle}
      </h4>
      {posts.length === 0 ? (
        <p className={dialog.description}>{messages.mutedPostsEmpty}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="settings-muted-posts" data-testid="muted-posts">
          {posts.map((post) => (
            <li key={post.postId} className={styles.row}>
              <span className={styles.thumb}>{post.postImage && <Image image={post.postImage} alt={messages.postImageAlt} sizes="40px" crop />}</span>
              {/* The person's own words, as text; <bdi> keeps their direction from turning the line around. */}
              <bdi className={styles.words}>{post.postWords}</bdi>
              <button
                type="button"
                className={styles.unmute}
                aria-label={`${messages.unmute}: ${post.postWords}`}
                onClick={(event) => {
                  if (mute.isPending) return
                  // The row goes: the focus moves on to the next row's button, the one before it, or the list's title.
                  const row = event.currentTarget.closest('li')
                  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling
                  const next = neighbour?.querySelector<HTMLElement>('button') ?? heading.current
                  mute.mutate(
                    { postId: post.postId, muted: false },
                    { onSuccess: () => next?.focus(), onError: (error) => toast.error(errorMessage(error)) }
                  )
                }}
              >
                {messages.unmute}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
