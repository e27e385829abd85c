import type { AlertType } from '@shared/limits'
import { format } from '@shared/messages'
import { excerpt } from './excerpt'

/**
 * The alert list's rows (docs/decisions/014-unread-alerts.md): a post's alerts of one type are
 * one row, named after the newest actor ("비님 외 2명이 …"). A row is unread while any of
 * its alerts is. Row operations (delete) take the row's newest alert and reach the alerts at
 * or below it, so an alert that arrived after the list was shown is never deleted unseen.
 */
export interface GroupableAlert {
  id: string
  type: AlertType
  postId: string
  actorId: string
  seen: boolean
}

export interface AlertGroup<A extends GroupableAlert> {
  /** The newest alert: the row's id, actor, date. */
  head: A
  /** Distinct actors besides the head's. */
  others: number
  seen: boolean
}

/** Alerts newest first → rows newest first, each where its newest alert stands. */
export function groupAlerts<A extends GroupableAlert>(alerts: readonly A[]): AlertGroup<A>[] {
  const rows = new Map<string, { head: A; actors: Set<string>; seen: boolean }>()
  for (const alert of alerts) {
    const key = `${alert.type}\u0000${alert.postId}`
    const row = rows.get(key)
    if (!row) {
      rows.set(key, { head: alert, actors: new Set([alert.actorId]), seen: alert.seen })
      continue
    }
    row.actors.add(alert.actorId)
    row.seen &&= alert.seen
  }
  return [...rows.values()].map((row) => ({ head: row.head, others: row.actors.size - 1, seen: row.seen }))
}

/**
 * The sentence of a row or a notification: one actor, or the newest and how many more. A
 * notification's single comment carries its first words; a row shows them on a line of their own.
 */
export function alertSentence(type: AlertType, actor: string, others: number, commentText: string | null): string {
  if (type === 'like') return others > 0 ? format.alertLikeGrouped(actor, others) : format.alertLike(actor)
  if (others > 0) return format.alertCommentGrouped(actor, others)
  return format.alertComment(actor, commentText === null ? undefined : excerpt(commentText))
}
