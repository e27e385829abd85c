import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'

/** Whom a person blocked or muted (docs/decisions/025-block-and-mute.md), as the settings list shows them. */
export interface ControlRecord {
  id: string
  personKey: string
  /** Their account (decision 048): the uid in a community, the users row locally; null when unknown. */
  personUid: string | null
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
  personUid: string | null
  blocked: boolean
  muted: boolean
  nickname: string
  avatarUrl: string | null
  createdAt: number
}

/**
 * A person's account, as a control names it (decision 048): their uid in a community (the
 * mirror's row knows it from a post, or from the registry of emails), else the row itself — a
 * local account, whose id is its identity. A mirror row whose uid is unknown is matched by key alone.
 */
const account = (alias: string): string => `coalesce(${alias}.remote_uid, ${alias}.id)`

/**
 * The SQL condition "the person in users row `alias` is hidden from @viewer" (blocked or muted,
 * by their email's key or by their account): the feed, post, comment and count queries all use
 * this one, so what is listed and what is counted agree. Indexed look-ups (owner, key) and
 * (owner, uid) per row.
 */
export const hiddenFrom = (alias: string): string =>
  `EXISTS (SELECT 1 FROM person_controls hc WHERE hc.owner_id = @viewer AND (hc.person_key = ${alias}.person_key OR hc.person_uid = ${account(alias)}))`

/** The users rows hidden from @viewer: by key, by the uid the mirror knows, by the local row. */
const hiddenRows = `SELECT hu.id FROM person_controls hc CROSS JOIN users hu ON hu.person_key = hc.person_key WHERE hc.owner_id = @viewer
    UNION SELECT hu.id FROM person_controls hc CROSS JOIN users hu ON hu.remote_uid = hc.person_uid WHERE hc.owner_id = @viewer
    UNION SELECT hu.id FROM person_controls hc CROSS JOIN users hu ON hu.id = hc.person_uid WHERE hc.owner_id = @viewer`

/**
 * How many of post `p`'s comments are by people hidden from @viewer: from the hidden people to
 * their comments on the post (comments(author_id, post_id)), never through the post's other comments.
 */
export const hiddenComments = `(SELECT count(*) FROM comments hm WHERE hm.post_id = p.id AND hm.author_id IN (${hiddenRows}))`

export function createControlsStore(db: Db) {
  const list = db.prepare(
    `SELECT pc.id, pc.person_key, pc.person_uid, pc.blocked, pc.muted, pc.nickname, pc.avatar_url,
       (SELECT u.id FROM users u WHERE u.person_key = pc.person_key ORDER BY u.created_at LIMIT 1) AS person_id
     FROM person_controls pc WHERE pc.owner_id = ? ORDER BY pc.created_at DESC, pc.id`
  )
  const person = db.prepare(`SELECT u.id, u.nickname, ${imageColumns('a', 'a_')} FROM users u LEFT JOIN images a ON a.id = u.avatar_id WHERE u.id = ?`)
  const byKey = db.prepare('SELECT id, blocked, muted FROM person_controls WHERE owner_id = ? AND person_key = ?')
  const upsert = db.prepare(
    `INSERT INTO person_controls (id, owner_id, person_key, person_uid, blocked, muted, nickname, avatar_url, created_at)
     VALUES (@id, @ownerId, @personKey, @personUid, @blocked, @muted, @nickname, @avatarUrl, @createdAt)
     ON CONFLICT (owner_id, person_key) DO UPDATE SET person_uid = excluded.person_uid, blocked = excluded.blocked, muted = excluded.muted,
       nickname = excluded.nickname, avatar_url = excluded.avatar_url`
  )
  const remove = db.prepare('DELETE FROM person_controls WHERE owner_id = ? AND person_key = ?')
  const hiddenIds = db.prepare(hiddenRows).pluck()
  const removeAll = db.prepare('DELETE FROM person_controls WHERE owner_id = ?')
  const matches = `(pc.person_key = u.person_key OR pc.person_uid = ${account('u')})`
  const isBlocked = db.prepare(`SELECT 1 FROM users u JOIN person_controls pc ON pc.owner_id = @viewer AND ${matches} WHERE u.id = @userId AND pc.blocked = 1`)
  const isHidden = db.prepare(`SELECT 1 FROM users u JOIN person_controls pc ON pc.owner_id = @viewer AND ${matches} WHERE u.id = @userId`)
  const hiddenNickname = db.prepare(
    `SELECT 1 FROM person_controls pc WHERE pc.owner_id = @ownerId
       AND (pc.nickname = @nickname OR EXISTS (SELECT 1 FROM users u WHERE u.person_key = pc.person_key AND u.nickname = @nickname)
         OR EXISTS (SELECT 1 FROM users u WHERE pc.person_uid IS NOT NULL AND u.remote_uid = pc.person_uid AND u.nickname = @nickname))`
  )
  const avatarUrlOf = db.prepare('SELECT i.remote_url FROM users u JOIN images i ON i.id = u.avatar_id WHERE u.id = ?').pluck()
  const keyOf = db.prepare('SELECT person_key FROM users WHERE id = ?').pluck()
  const alertsFrom = db.prepare(
    `SELECT al.id FROM alerts al JOIN users u ON u.id = al.actor_id
     WHERE al.user_id = @ownerId AND (u.person_key = @personKey OR u.nickname = @nickname OR (@personUid IS NOT NULL AND ${account('u')} = @personUid))`
  ).pluck()
  // An account's names: those of every row the mirror knows to be theirs (a Realtime Database alert names only a nickname).
  const accountAlerts = db.prepare(
    `SELECT al.user_id AS ownerId, al.id FROM person_controls pc
       JOIN alerts al ON al.user_id = pc.owner_id JOIN users u ON u.id = al.actor_id
     WHERE pc.person_uid IS NOT NULL AND (${account('u')} = pc.person_uid
       OR u.nickname IN (SELECT k.nickname FROM users k WHERE k.remote_uid = pc.person_uid AND k.nickname <> ''))`
  )
  const anyUid = db.prepare('SELECT 1 FROM person_controls WHERE person_uid IS NOT NULL LIMIT 1')

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
          personUid: (row.person_uid as string | null) ?? null,
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
    /** Whether any control names an account (community mode then learns the uids of the people it shows). */
    namesAccounts(): boolean {
      return anyUid.get() !== undefined
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
      return isBlocked.get({ viewer: ownerId, userId }) !== undefined
    },
    /** Every users row of the people the owner blocked or muted (search leaves them out). */
    hiddenIds(ownerId: string): string[] {
      return hiddenIds.all({ viewer: ownerId }) as string[]
    },
    /** Whether owner blocked or muted this person (their alerts do not reach owner). */
    hidden(ownerId: string, userId: string): boolean {
      return isHidden.get({ viewer: ownerId, userId }) !== undefined
    },
    /** Whether owner blocked or muted someone of this nickname, as kept or as the store knows them now under any email of theirs (a Realtime Database alert names only that). */
    hiddenNickname(ownerId: string, nickname: string): boolean {
      return hiddenNickname.get({ ownerId, nickname }) !== undefined
    },
    /** Every owner's alerts from an account they hid, under any email or name the mirror knows it by (learned after the alert came). */
    alertsFromHiddenAccounts(): { ownerId: string; id: string }[] {
      return accountAlerts.all() as { ownerId: string; id: string }[]
    },
    /** The owner's alerts from this person, by their key or their nickname (what a community alert carries). */
    alertsFrom(ownerId: string, personKey: string, personUid: string | null, nickname: string): string[] {
      return alertsFrom.all({ ownerId, personKey, personUid, nickname }) as string[]
    }
  }
}

export type ControlsStore = ReturnType<typeof createControlsStore>
