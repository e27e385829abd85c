import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'

/** Whom a person blocked or muted (docs/decisions/025-block-and-mute.md), as the settings list shows them. */
export interface ControlRecord {
  id: string
  personKey: string
  blocked: boolean
  muted: boolean
  /** The person's row in this store, when it has seen them; else the name kept when it was set. */
  personId: string | null
  nickname: string
  avatar: ImageRecord | null
  avatarUrl: string | null
}

export interface ControlSet {
  id: string
  ownerId: string
  personKey: string
  blocked: boolean
  muted: boolean
  nickname: string
  avatarUrl: string | null
  createdAt: number
}

/**
 * The SQL condition "the person in users row `alias` is hidden from @viewer" (blocked or muted):
 * the feed, post, comment and count queries all use this one, so what is listed and what is
 * counted agree. One indexed look-up (owner, key) per row.
 */
export const hiddenFrom = (alias: string): string =>
  `EXISTS (SELECT 1 FROM person_controls hc WHERE hc.owner_id = @viewer AND hc.person_key = ${alias}.person_key)`

/**
 * How many of post `p`'s comments are by people hidden from @viewer: from the hidden people to
 * their comments on the post (users.person_key, comments(author_id, post_id)), never through the
 * post's other comments.
 */
export const hiddenComments = `(SELECT count(*) FROM person_controls hc
    CROSS JOIN users hu ON hu.person_key = hc.person_key
    CROSS JOIN comments hm ON hm.author_id = hu.id AND hm.post_id = p.id
    WHERE hc.owner_id = @viewer)`

export function createControlsStore(db: Db) {
  const list = db.prepare(
    `SELECT pc.id, pc.person_key, pc.blocked, pc.muted, pc.nickname, pc.avatar_url,
       (SELECT u.id FROM users u WHERE u.person_key = pc.person_key ORDER BY u.created_at LIMIT 1) AS person_id
     FROM person_controls pc WHERE pc.owner_id = ? ORDER BY pc.created_at DESC, pc.id`
  )
  const person = db.prepare(`SELECT u.id, u.nickname, ${imageColumns('a', 'a_')} FROM users u LEFT JOIN images a ON a.id = u.avatar_id WHERE u.id = ?`)
  const byKey = db.prepare('SELECT id, blocked, muted FROM person_controls WHERE owner_id = ? AND person_key = ?')
  const upsert = db.prepare(
    `INSERT INTO person_controls (id, owner_id, person_key, blocked, muted, nickname, avatar_url, created_at)
     VALUES (@id, @ownerId, @personKey, @blocked, @muted, @nickname, @avatarUrl, @createdAt)
     ON CONFLICT (owner_id, person_key) DO UPDATE SET blocked = excluded.blocked, muted = excluded.muted,
       nickname = excluded.nickname, avatar_url = excluded.avatar_url`
  )
  const remove = db.prepare('DELETE FROM person_controls WHERE owner_id = ? AND person_key = ?')
  const hiddenIds = db.prepare(
    'SELECT u.id FROM person_controls hc CROSS JOIN users u ON u.person_key = hc.person_key WHERE hc.owner_id = ?'
  )
  const removeAll = db.prepare('DELETE FROM person_controls WHERE owner_id = ?')
  const isBlocked = db.prepare(
    'SELECT 1 FROM person_controls pc JOIN users u ON u.person_key = pc.person_key WHERE pc.owner_id = ? AND u.id = ? AND pc.blocked = 1'
  )
  const isHidden = db.prepare('SELECT 1 FROM person_controls pc JOIN users u ON u.person_key = pc.person_key WHERE pc.owner_id = ? AND u.id = ?')
  const hiddenNickname = db.prepare(
    `SELECT 1 FROM person_controls pc WHERE pc.owner_id = @ownerId
       AND (pc.nickname = @nickname OR EXISTS (SELECT 1 FROM users u WHERE u.person_key = pc.person_key AND u.nickname = @nickname))`
  )
  const avatarUrlOf = db.prepare('SELECT i.remote_url FROM users u JOIN images i ON i.id = u.avatar_id WHERE u.id = ?').pluck()
  const keyOf = db.prepare('SELECT person_key FROM users WHERE id = ?').pluck()
  const alertsFrom = db.prepare(
    'SELECT al.id FROM alerts al JOIN users u ON u.id = al.actor_id WHERE al.user_id = @ownerId AND (u.person_key = @personKey OR u.nickname = @nickname)'
  ).pluck()

  function setOne(control: ControlSet): void {
    if (!control.blocked && !control.muted) remove.run(control.ownerId, control.personKey)
    else upsert.run({ ...control, blocked: control.blocked ? 1 : 0, muted: control.muted ? 1 : 0 })
  }

  return {
    list(ownerId: string): ControlRecord[] {
      return (list.all(ownerId) as Record<string, unknown>[]).map((row) => {
        const known = row.person_id ? (person.get(row.person_id) as Record<string, unknown>) : null
        return {
          id: row.id as string,
          personKey: row.person_key as string,
          blocked: row.blocked === 1,
          muted: row.muted === 1,
          personId: (row.person_id as string | null) ?? null,
          // A person the mirror knows only from a like has no name yet: the kept one stands in.
          nickname: (known?.nickname as string | undefined) || (row.nickname as string),
          avatar: known ? imageFromColumns(known, 'a_') : null,
          avatarUrl: (row.avatar_url as string | null) ?? null
        }
      })
    },
    get(ownerId: string, personKey: string): { id: string; blocked: boolean; muted: boolean } | null {
      const row = byKey.get(ownerId, personKey) as { id: string; blocked: number; muted: number } | undefined
      return row ? { id: row.id, blocked: row.blocked === 1, muted: row.muted === 1 } : null
    },
    /** Sets both flags; with neither, the row goes. */
    set: setOne,
    /** Replaces the owner's whole list (community mode: as the owner's Firestore lists hold it). */
    replace(ownerId: string, controls: ControlSet[]): void {
      removeAll.run(ownerId)
      for (const control of controls) setOne(control)
    },
    /** Community mode: the person's photo URL as the project has it (null in the local store). */
    avatarUrlOf(userId: string): string | null {
      return (avatarUrlOf.get(userId) as string | null | undefined) ?? null
    },
    keyOf(userId: string): string | null {
      return (keyOf.get(userId) as string | null | undefined) ?? null
    },
    /** Whether owner blocked this person (refuses their comments and likes on owner's posts). */
    blocked(ownerId: string, userId: string): boolean {
      return isBlocked.get(ownerId, userId) !== undefined
    },
    /** Whether owner blocked or muted this person (their alerts do not reach owner). */
    /** Every users row of the people the owner blocked or muted (search leaves them out). */
    hiddenIds(ownerId: string): string[] {
      return (hiddenIds.all(ownerId) as { id: string }[]).map((row) => row.id)
    },
    hidden(ownerId: string, userId: string): boolean {
      return isHidden.get(ownerId, userId) !== undefined
    },
    /** Whether owner blocked or muted someone of this nickname, as kept or as the store knows them now (a Realtime Database alert names only that). */
    hiddenNickname(ownerId: string, nickname: string): boolean {
      return hiddenNickname.get({ ownerId, nickname }) !== undefined
    },
    /** The owner's alerts from this person, by their key or their nickname (what a community alert carries). */
    alertsFrom(ownerId: string, personKey: string, nickname: string): string[] {
      return alertsFrom.all({ ownerId, personKey, nickname }) as string[]
    }
  }
}

export type ControlsStore = ReturnType<typeof createControlsStore>
